// The description linter (docs/lint-tools.md): offline checks of tool definitions, no model involved.
export { lintTools, defaultLintSettings, type LintOptions } from './lint-tools.ts'
export { lintRules } from './rules/index.ts'
export { lintRuleIds, type LintFinding, type LintRuleId, type LintSeverity, type LintSettings } from './types.ts'
export { tfidfSimilarity, type SimilarityIndex } from './similarity.ts'
