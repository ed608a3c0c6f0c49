// The public library API of toolgauge: what `import … from 'toolgauge'` gives. The CLI is a thin layer over it.
import { bfclFailures } from './scoring/bfcl-mode.ts'
import { registerBfclScoring } from './scoring/score-case.ts'

// Vocabulary
export type * from './core/index.ts'
export { emptyUsage, addUsage, failureKinds, erroredKinds, isErroredResult, verdictOf, reportSchemaVersion, InputError, MissingApiKeyError, ProviderError } from './core/index.ts'

// Suites
export { loadSuite, type LoadSuiteOptions } from './suite/load-suite.ts'
export { loadToolsFile } from './suite/load-tools.ts'
export { normalizeTool } from './suite/normalize-tools.ts'
export { discoverSuiteFiles } from './suite/discover.ts'
export { matchValue, matchArguments } from './matchers/argument-matchers.ts'

// Models
export { createProvider, providerPrefixes } from './providers/registry.ts'
export type { ProviderOptions } from './providers/provider-options.ts'
export { baselineProvider } from './providers/baseline.ts'
export { scriptedProvider } from './providers/scripted.ts'

// The loop, scoring, running
// runCase: one case by suite, case id and model, scored (what toolgauge/vitest's matchers take); runLoop: the
// bare loop over a loaded Case and a Provider (named runCase in 0.1.0), its turns bounded and its strays contained.
export { runCase, type RunCaseRequest, type ScoredCase } from './runner/run-one-case.ts'
export { openMcpServers, type McpServerPool } from './mcp/server-pool.ts'
export { runLoop, type RunLoopOptions } from './runner/run-loop.ts'
export type { RunCaseOptions } from './loop/run-case.ts'
export type { ToolHooks, ToolCallContext, BeforeToolCallOutcome, AfterToolCallOutcome } from './loop/hooks.ts'
export { HarnessError } from './loop/harness-error.ts'
export type { CheckInput, CheckOutcome, CheckCall, CustomCheck } from './checks/custom-check.ts'
export { scoreCase, type CaseScore } from './scoring/score-case.ts'
// The library's scoreCase scores `matching: bfcl` cases without an await first (the CLI loads the checker lazily).
registerBfclScoring(bfclFailures)
export { runEvaluation } from './runner/run-evaluation.ts'
export type { RunOptions, RunOutcome } from './runner/run-options.ts'
export { defineConfig, type ToolgaugeConfig } from './config/define-config.ts'
export type { Gate, GateDefinition, GateMetric, GateResult, ToolBudget } from './gates/gates.ts'

// Reports and statistics
export { summarize } from './report/summarize.ts'
export { readReport, writeReport } from './report/json.ts'
export { reportFormats } from './report/formats.ts'
export { compareReports } from './compare/compare-reports.ts'
export { mergeReports } from './compare/merge-reports.ts'
export { passAtK, passHatK, wilsonInterval, mcnemarExact, pairedPermutationTest, repeatStatistics } from './stats/index.ts'

// Description lint
export { lintTools, defaultLintSettings, type LintOptions } from './lint/lint-tools.ts'
export { lintRules } from './lint/rules/index.ts'
export { lintRuleIds, type LintFinding, type LintRuleId, type LintSeverity } from './lint/types.ts'
export { tfidfSimilarity } from './lint/similarity.ts'

// Tokens, pricing, BFCL, fuzzing
export { countToolTokens } from './tokens/count-tool-tokens.ts'
export { measureToolTokens } from './tokens/measure-tool-tokens.ts'
export type { ToolTokenCount } from './tokens/types.ts'
export { costOf, defaultPriceTable, mergePriceTable } from './pricing/index.ts'
export { scoreResults } from './bfcl/score.ts'
export { importCategories } from './bfcl/import.ts'
export { bfclCaseVerdict, bfclFailureKind } from './bfcl/case-verdict.ts'
export { bfclFunctionToTool } from './bfcl/to-json-schema.ts'
export * from './fuzz/index.ts'
