/** Comparing two reports: pairing, paired statistics, regression verdict, text and Markdown output. */
export { compareReports, formatP, type Comparison, type JudgedComparison, type RegressionPolicy } from './compare-reports.ts'
export { compareModel, caseId, type ModelComparison, type CaseChange, type MetricDelta, type PairedTest } from './compare-model.ts'
export { pairModels, modelsOf, type ModelPair } from './pair-models.ts'
export { comparisonText, comparisonMarkdown } from './format-comparison.ts'
export { metricCounts, type MetricCounts, type RateCount } from './metric-counts.ts'
export { mergeReports, type MergeOutcome, type ReportInput } from './merge-reports.ts'
