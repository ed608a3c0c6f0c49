import type { ToolTokenCount } from './types.ts'

/** A tool-token budget: `max_tool_tokens` for the whole tool set and/or per tool name. */
export type ToolTokenBudget = {
  readonly maxToolTokens?: number
  readonly perTool?: Readonly<Record<string, number>>
}

/** One exceeded limit. */
export type BudgetViolation =
  | { readonly kind: 'total'; readonly limit: number; readonly actual: number }
  | { readonly kind: 'tool'; readonly tool: string; readonly limit: number; readonly actual: number }

/** A tool's cost now and in the baseline (0 when it is new), for "which tools grew". */
export type ToolGrowth = { readonly name: string; readonly before: number; readonly after: number; readonly delta: number }

/** The verdict of a budget check, with the tools to blame first. */
export type BudgetVerdict = {
  readonly ok: boolean
  readonly violations: readonly BudgetViolation[]
  /** Tools by growth against the baseline (or by size without one), largest first. */
  readonly culprits: readonly ToolGrowth[]
  /** One line for the console and the gate failure, naming the tools that grew the most. */
  readonly message: string
}

/**
 * Checks a count against a budget (a gate failure when `ok` is false). With a baseline count (e.g. from the
 * main-branch report) the culprits are the tools that grew the most; without one, the most expensive tools.
 * A figure's `confidence` is not subtracted: budgets apply to the reported value, as the bill does.
 */
export function checkToolTokenBudget(count: ToolTokenCount, budget: ToolTokenBudget, baseline?: ToolTokenCount): BudgetVerdict {
  const violations: BudgetViolation[] = []
  if (budget.maxToolTokens !== undefined && count.toolTokens > budget.maxToolTokens) {
    violations.push({ kind: 'total', limit: budget.maxToolTokens, actual: count.toolTokens })
  }
  for (const tool of count.perTool) {
    const limit = budget.perTool?.[tool.name]
    if (limit !== undefined && tool.tokens > limit) violations.push({ kind: 'tool', tool: tool.name, limit, actual: tool.tokens })
  }
  const before = new Map((baseline?.perTool ?? []).map((tool) => [tool.name, tool.tokens]))
  const culprits = count.perTool
    .map((tool) => {
      const previous = baseline ? before.get(tool.name) ?? 0 : 0
      return { name: tool.name, before: previous, after: tool.tokens, delta: tool.tokens - previous }
    })
    .filter((growth) => !baseline || growth.delta > 0)
    .sort((a, b) => b.delta - a.delta || a.name.localeCompare(b.name))
  return { ok: violations.length === 0, violations, culprits, message: describe(count, violations, culprits, baseline !== undefined) }
}

function describe(count: ToolTokenCount, violations: readonly BudgetViolation[], culprits: readonly ToolGrowth[], hasBaseline: boolean): string {
  if (violations.length === 0) return `${count.model}: tool definitions ${count.toolTokens} tokens, within budget`
  const over = violations.map((v) => (v.kind === 'total' ? `tool definitions ${v.actual} > max_tool_tokens ${v.limit}` : `${v.tool} ${v.actual} > ${v.limit}`))
  const top = culprits.slice(0, 3).map((c) => (hasBaseline ? `${c.name} +${c.delta}` : `${c.name} ${c.after}`))
  const blame = top.length > 0 ? `; ${hasBaseline ? 'grew the most' : 'largest'}: ${top.join(', ')}` : ''
  return `${count.model}: ${over.join('; ')}${blame}`
}
