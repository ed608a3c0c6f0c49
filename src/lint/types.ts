import type { ToolDefinition } from '../core/tool.ts'
import type { SimilarityIndex } from './similarity.ts'

/** The rule ids of `toolgauge lint-tools` (a contract: docs/lint-tools.md documents each). */
export const lintRuleIds = [
  'missing-description',
  'short-description',
  'no-purpose',
  'no-usage-guidance',
  'missing-param-description',
  'enum-without-type',
  'required-not-in-properties',
  'heavy-tool',
  'name-style',
  'similar-descriptions',
  'too-many-tools',
] as const

/** One lint rule id. */
export type LintRuleId = (typeof lintRuleIds)[number]

/** How much a finding matters: `error` makes `lint-tools` exit 1; `off` disables the rule. */
export type LintSeverity = 'error' | 'warning' | 'off'

/** One problem found in a tool set. */
export type LintFinding = {
  /** The tool the finding is about (for a set-wide finding such as too-many-tools: `(tool set)`). */
  readonly tool: string
  /** The parameter, as a dot path (`filter.mode`, `attendees[]`), when the finding is about one. */
  readonly param?: string
  readonly rule: LintRuleId
  readonly severity: Exclude<LintSeverity, 'off'>
  readonly message: string
  /** The measured figure behind the finding: similarity, tokens, word count, tool count. */
  readonly score?: number
  /** similar-descriptions / no-usage-guidance: the sibling tool it is confused with. */
  readonly other?: string
}

/** A finding before the rule table adds its rule id and severity. */
export type LintDraft = Omit<LintFinding, 'rule' | 'severity'>

/** Thresholds and severities; every field has a documented default (`defaultLintSettings`). */
export type LintSettings = {
  /** Severity per rule; rules not named keep their default. */
  readonly severities: Readonly<Record<LintRuleId, LintSeverity>>
  /** short-description: fewer words than this. */
  readonly minDescriptionWords: number
  /** similar-descriptions: TF-IDF cosine at or above this. */
  readonly similarityThreshold: number
  /** no-usage-guidance: a sibling at or above this similarity needs "use … instead / not for …" guidance. */
  readonly relatedThreshold: number
  /** heavy-tool: tokens one tool definition may cost. */
  readonly maxToolTokens: number
  /** too-many-tools: tools a set may hold. */
  readonly maxTools: number
  /** heavy-tool: the model spec whose token counter prices a tool (offline; docs/tokens.md). */
  readonly model: string
}

/** What every rule sees: the tool set, the settings, and figures computed once for all rules. */
export type LintInput = {
  readonly tools: readonly ToolDefinition[]
  readonly settings: LintSettings
  /** Pairwise TF-IDF cosine similarity, by tool index. */
  readonly similarity: SimilarityIndex
  /** Tokens of each tool alone (undefined when heavy-tool is off). */
  readonly toolTokens?: readonly number[]
}

/** One rule: its id, default severity, and a pure check over the input. */
export type LintRule = {
  readonly id: LintRuleId
  readonly defaultSeverity: Exclude<LintSeverity, 'off'>
  /** One line for docs and `--help`. */
  readonly summary: string
  check(input: LintInput): LintDraft[]
}
