import type { ToolDefinition } from '../core/tool.ts'
import { lintRules } from './rules/index.ts'
import { tfidfSimilarity } from './similarity.ts'
import { lintRuleIds, type LintFinding, type LintRuleId, type LintSettings, type LintSeverity } from './types.ts'

/** Defaults of every threshold (docs/lint-tools.md explains how they were chosen). */
export const defaultLintSettings: LintSettings = {
  severities: Object.fromEntries(lintRules.map((rule) => [rule.id, rule.defaultSeverity])) as Record<LintRuleId, LintSeverity>,
  minDescriptionWords: 8,
  similarityThreshold: 0.5,
  relatedThreshold: 0.3,
  maxToolTokens: 500,
  maxTools: 20,
  model: 'openai:gpt-4o',
}

/** Options of lintTools: any setting, and severities for only the rules named. */
export type LintOptions = Partial<Omit<LintSettings, 'severities'>> & {
  readonly severities?: Partial<Record<LintRuleId, LintSeverity>>
}

/**
 * Lints one tool set offline (no model): every rule whose severity is not `off`, findings in tool order.
 * Token counting (heavy-tool) loads lazily, only when that rule is on. The library entry point of
 * `toolgauge lint-tools`; MCP tool lists and other sources pass their ToolDefinition[] here.
 */
export async function lintTools(tools: readonly ToolDefinition[], options: LintOptions = {}): Promise<LintFinding[]> {
  const settings: LintSettings = { ...defaultLintSettings, ...options, severities: { ...defaultLintSettings.severities, ...options.severities } }
  const toolTokens = settings.severities['heavy-tool'] === 'off' ? undefined : await toolCosts(tools, settings.model)
  const input = { tools, settings, similarity: tfidfSimilarity(tools), ...(toolTokens ? { toolTokens } : {}) }
  const findings: LintFinding[] = []
  for (const rule of lintRules) {
    const severity = settings.severities[rule.id]
    if (severity === 'off') continue
    for (const draft of rule.check(input)) findings.push({ ...draft, rule: rule.id, severity })
  }
  const order = new Map(tools.map((tool, index) => [tool.name, index]))
  const ruleOrder = (rule: LintRuleId) => lintRuleIds.indexOf(rule)
  return findings.sort((a, b) => (order.get(a.tool) ?? tools.length) - (order.get(b.tool) ?? tools.length) || ruleOrder(a.rule) - ruleOrder(b.rule))
}

/** Each tool's own cost; the token counter (and its encodings) load only when heavy-tool is on. */
async function toolCosts(tools: readonly ToolDefinition[], model: string): Promise<number[]> {
  const { standaloneToolTokens } = await import('../tokens/standalone-tool-tokens.ts')
  return (await standaloneToolTokens(tools, model)).map((tool) => tool.tokens)
}
