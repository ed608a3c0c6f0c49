import type { Report } from '../core/report.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { sharedVariants } from './pair-models.ts'
import { standaloneToolTokens } from '../tokens/standalone-tool-tokens.ts'
import { diffPerTool, signed, type ToolTokenDelta } from '../tokens/tool-token-diff.ts'
import { codeSpan } from '../report/markdown-text.ts'

/** How one model's tool definitions changed in cost between two reports: the tools that changed, largest growth first. */
export type ToolTokenChanges = { readonly baseModel: string; readonly headModel: string; readonly variant?: string; readonly tools: readonly ToolTokenDelta[] }

/**
 * The tool definitions a model was offered in a report (per variant in runs with variants): the tool sets its
 * results' turns refer to (report.json `toolSets`), by name, first definition kept. Empty for reports written
 * before tool sets were stored.
 */
function offeredTools(report: Report, model: string, variant: string | undefined): ToolDefinition[] {
  const sets = (report.toolSets ?? {}) as Readonly<Record<string, readonly ToolDefinition[]>>
  const ids = new Set<string>()
  for (const result of report.results) {
    if (result.model !== model || result.variant !== variant) continue
    for (const turn of result.turns) if (turn.request?.toolSet) ids.add(turn.request.toolSet)
  }
  const byName = new Map<string, ToolDefinition>()
  for (const id of ids) for (const tool of sets[id] ?? []) if (!byName.has(tool.name)) byName.set(tool.name, tool)
  return [...byName.values()]
}

/**
 * Per-tool token deltas of each compared model pair (and variant): each tool's own cost for the head model,
 * counted offline from the definitions both reports stored — so a pull request that bloats one description shows
 * even when accuracy holds. Unchanged tools are left out.
 */
export async function toolTokenChanges(base: Report, head: Report, pairs: readonly { base: string; head: string }[]): Promise<ToolTokenChanges[]> {
  const variants = sharedVariants(base, head)
  const changes: ToolTokenChanges[] = []
  for (const pair of pairs) {
    for (const variant of variants) {
      const before = offeredTools(base, pair.base, variant)
      const after = offeredTools(head, pair.head, variant)
      if (before.length === 0 || after.length === 0) continue
      // One counter (the head model's) for both sides: the change is in the definitions, not the tokenizer.
      const tools = diffPerTool(await standaloneToolTokens(before, pair.head), await standaloneToolTokens(after, pair.head)).filter((tool) => tool.status !== 'unchanged')
      if (tools.length > 0) changes.push({ baseModel: pair.base, headModel: pair.head, ...(variant !== undefined ? { variant } : {}), tools })
    }
  }
  return changes
}

function describe(tool: ToolTokenDelta): string {
  if (tool.status === 'added') return `${tool.name} (new) ${tool.after}`
  if (tool.status === 'removed') return `${tool.name} (removed) −${tool.before}`
  return `${tool.name} ${tool.before} → ${tool.after} (${signed(tool.delta)})`
}

/** Text lines for the terminal: per model pair the tool definitions that changed in cost. */
export function toolTokenChangesText(changes: readonly ToolTokenChanges[]): string[] {
  if (changes.length === 0) return []
  return ['Tool-definition tokens per tool (each tool on its own, offline count):', ...changes.flatMap((change) => [
    `  ${change.headModel}${change.variant !== undefined ? ` [${change.variant}]` : ''}:`,
    ...change.tools.map((tool) => `    ${describe(tool)}`),
  ]), '']
}

/** Markdown for a pull-request comment: one table per model pair. */
export function toolTokenChangesMarkdown(changes: readonly ToolTokenChanges[]): string[] {
  return changes.flatMap((change) => [
    `#### Tool-definition tokens per tool: ${codeSpan(change.headModel)}${change.variant !== undefined ? ` · ${codeSpan(change.variant)}` : ''}`,
    '',
    '| Tool | Base | Head | Δ tokens |',
    '| --- | ---: | ---: | ---: |',
    ...change.tools.map((tool) => `| ${codeSpan(tool.name)} | ${tool.before ?? '(new)'} | ${tool.after ?? '(removed)'} | ${signed(tool.delta)} |`),
    '',
  ])
}
