// The token-counting API the runner, reports and budget gates use (docs/tokens.md).
export { countToolTokens } from './count-tool-tokens.ts'
export { measureToolTokens } from './measure-tool-tokens.ts'
export type { MeasureOptions } from './measure-probes.ts'
export { modelFamily, type ModelFamily } from './model-family.ts'
export type { OpenModelFiles } from './open-model.ts'
export { renderTokenTable } from './format-table.ts'
export { recordOracle, readRecords, replayRecorded, type RecordedOracle } from './oracle-record.ts'
export { defaultMessages, type CountMethod, type PerToolTokens, type ToolTokenCount, type ToolTokenFamily, type ToolTokenRequest } from './types.ts'
