/** Model prices and the cost of token usage (see docs/pricing.md). */
export type { BatchPrices, ModelPrice, PriceTable } from './types.ts'
export { batchPrices, priceTable202611, priceTableDate, priceTableSource } from './price-table-2026-11.ts'
export { findPrice, isSnapshotOf, splitSpec } from './lookup.ts'
export type { PriceMatch, PriceMiss } from './lookup.ts'
export { batchPriceOf, costOf, costOfTurns, defaultPriceTable, uncachedUsdOf, usdOf } from './cost.ts'
export type { Cost } from './cost.ts'
export { mergePriceTable } from './overrides.ts'
