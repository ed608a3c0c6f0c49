import { codeSpan, inlineText, tableRow } from '../report/markdown-text.ts'
import { tokenTable } from './format-table.ts'
import type { PerToolTokens, ToolTokenCount } from './types.ts'

/** How one tool's cost changed between two tool sets. */
export type ToolTokenDelta = {
  readonly name: string
  /** Tokens before (null: the tool is new). */
  readonly before: number | null
  /** Tokens after (null: the tool was removed). */
  readonly after: number | null
  /** after − before, counting a missing side as 0. */
  readonly delta: number
  readonly status: 'added' | 'removed' | 'changed' | 'unchanged'
}

/** Per-tool and total token deltas of one model between an old and a new tool set (`tokens --diff`). */
export type ToolTokenDiff = {
  readonly model: string
  readonly method: ToolTokenCount['method']
  readonly confidence: number
  /** Tool-definition tokens per request, old and new. */
  readonly before: number
  readonly after: number
  readonly delta: number
  /** Tools by size of change (largest growth first, then shrinkage), unchanged ones last. */
  readonly tools: readonly ToolTokenDelta[]
}

/**
 * Pairs two per-tool cost lists by tool name. Used by `tokens --diff` (leave-one-out marginals of two tools files)
 * and by `compare` (per-tool costs of the tool sets two reports stored).
 */
export function diffPerTool(before: readonly PerToolTokens[], after: readonly PerToolTokens[]): ToolTokenDelta[] {
  const old = new Map(before.map((tool) => [tool.name, tool.tokens]))
  const now = new Map(after.map((tool) => [tool.name, tool.tokens]))
  const names = [...new Set([...now.keys(), ...old.keys()])]
  return names
    .map((name): ToolTokenDelta => {
      const previous = old.get(name) ?? null
      const current = now.get(name) ?? null
      const delta = (current ?? 0) - (previous ?? 0)
      const status = previous === null ? 'added' : current === null ? 'removed' : delta === 0 ? 'unchanged' : 'changed'
      return { name, before: previous, after: current, delta, status }
    })
    .sort((a, b) => Number(a.status === 'unchanged') - Number(b.status === 'unchanged') || b.delta - a.delta || a.name.localeCompare(b.name))
}

/** The diff of two counts of the same model (old tools file, new tools file). */
export function diffToolTokens(before: ToolTokenCount, after: ToolTokenCount): ToolTokenDiff {
  return {
    model: after.model,
    method: after.method,
    confidence: Math.max(before.confidence, after.confidence),
    before: before.toolTokens,
    after: after.toolTokens,
    delta: after.toolTokens - before.toolTokens,
    tools: diffPerTool(before.perTool, after.perTool),
  }
}

/** A signed figure: +12, −3, 0. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0'
}

function percent(before: number | null, delta: number): string {
  return before ? `${delta >= 0 ? '+' : '−'}${((Math.abs(delta) / before) * 100).toFixed(1)}%` : ''
}

// `name` writes a tool name: as it is for the console (the caller prints inert copies), or inert Markdown.
function rows(diff: ToolTokenDiff, name: (text: string) => string): string[][] {
  const tools = diff.tools.map((tool) => [name(tool.name), tool.before === null ? '(new)' : String(tool.before), tool.after === null ? '(removed)' : String(tool.after), signed(tool.delta), percent(tool.before, tool.delta)])
  return [...tools, ['tool definitions total', String(diff.before), String(diff.after), signed(diff.delta), percent(diff.before, diff.delta)]]
}

const head = ['tool', 'old', 'new', 'Δ tokens', 'Δ %']

/**
 * Console table of a diff (the caller passes an inert copy: tool names are the files' and servers'), or a Markdown
 * table (`markdown: true`) for a pull-request comment, its model and tool names written with report/markdown-text.ts
 * as `compare --markdown` writes the same per-tool table.
 */
export function renderTokenDiff(diff: ToolTokenDiff, options: { markdown?: boolean; color?: boolean } = {}): string {
  const bound = diff.confidence === 0 ? 'exact' : `±${diff.confidence}`
  const header = (model: string) => `${model}: tool-definition tokens per request, ${signed(diff.delta)} (${diff.before} → ${diff.after}; ${diff.method}, ${bound})`
  if (options.markdown) {
    const lines = [`**${header(inlineText(diff.model))}**`, '', tableRow(head), '|---|---:|---:|---:|---:|', ...rows(diff, codeSpan).map(tableRow)]
    return `${lines.join('\n')}\n`
  }
  const table = tokenTable(head, options.color)
  for (const row of rows(diff, (name) => name)) table.push(row)
  return `${header(diff.model)}\n${table.toString()}\nper-tool figures are leave-one-out marginals\n`
}

/** The model `tokens --diff` counts for when no --model is given: OpenAI's chat render, exact offline. */
export const defaultDiffModel = 'openai:gpt-4o'
