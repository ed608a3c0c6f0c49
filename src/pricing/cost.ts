import { addUsage, emptyUsage, type Usage } from '../core/model-turn.ts'
import { findPrice, splitSpec } from './lookup.ts'
import { priceTable202611 } from './price-table-2026-11.ts'
import type { ModelPrice, PriceTable } from './types.ts'

/** The cost of some usage: USD and the table it was priced from, or why it could not be priced. */
export type Cost =
  | {
      readonly usd: number
      readonly priced: true
      readonly table: string
      /** When some input was read from or written to a prompt cache: what the same tokens cost with none cached. */
      readonly uncachedUsd?: number
      /** Some of the usage went through a batch API and was priced at the batch rate (`PriceTable.batch`). */
      readonly batch?: true
    }
  | { readonly priced: false; readonly reason: string }

/** The table `costOf` uses when none is given. */
export const defaultPriceTable: PriceTable = priceTable202611

/**
 * Prices the usage of one model spec. `table` in the result is the table's date for shipped rows and
 * `config` for rows from the config file, so a report says where each figure came from.
 */
export function costOf(spec: string, usage: Usage, table: PriceTable = defaultPriceTable, options: { readonly batch?: boolean } = {}): Cost {
  const found = findPrice(table, spec)
  if (!found.found) return { priced: false, reason: found.reason }
  const cached = usage.cacheRead > 0 || usage.cacheWrite > 0
  const price = options.batch ? batchPriceOf(spec, found.price, table) : found.price
  return {
    usd: usdOf(usage, price),
    priced: true,
    table: found.price.origin === 'config' ? 'config' : table.date,
    ...(cached ? { uncachedUsd: uncachedUsdOf(usage, price) } : {}),
    ...(options.batch && price !== found.price ? { batch: true as const } : {}),
  }
}

/**
 * The cost of a case's turns: each turn a batch answered (`batch` set) at the batch rate, the others at the standard
 * rate. The one place that decides what a batched turn costs; `usage` is the turns' total, used as is when no turn
 * was batched.
 */
export function costOfTurns(spec: string, usage: Usage, turns: readonly { readonly usage: Usage; readonly batch?: string }[], table: PriceTable = defaultPriceTable): Cost {
  if (!turns.some((turn) => turn.batch !== undefined)) return costOf(spec, usage, table)
  let batched = emptyUsage
  let direct = emptyUsage
  for (const turn of turns) {
    if (turn.batch !== undefined) batched = addUsage(batched, turn.usage)
    else direct = addUsage(direct, turn.usage)
  }
  const inBatch = costOf(spec, batched, table, { batch: true })
  if (!inBatch.priced || (direct.input === 0 && direct.output === 0)) return inBatch
  const outside = costOf(spec, direct, table) as Extract<Cost, { priced: true }>
  const uncached = inBatch.uncachedUsd !== undefined || outside.uncachedUsd !== undefined
    ? { uncachedUsd: (inBatch.uncachedUsd ?? inBatch.usd) + (outside.uncachedUsd ?? outside.usd) }
    : {}
  return { usd: inBatch.usd + outside.usd, priced: true, table: inBatch.table, ...uncached, ...(inBatch.batch ? { batch: true as const } : {}) }
}

/** A row's prices in its provider's batch API: every column times the table's batch share (the row itself without one). */
export function batchPriceOf(spec: string, price: ModelPrice, table: PriceTable): ModelPrice {
  const share = table.batch?.share[splitSpec(spec.trim().toLowerCase()).provider]
  if (share === undefined) return price
  const times = (usd: number) => Math.round(usd * share * 1e9) / 1e9
  return {
    input: times(price.input),
    output: times(price.output),
    ...(price.cachedInput !== undefined ? { cachedInput: times(price.cachedInput) } : {}),
    ...(price.cacheWrite !== undefined ? { cacheWrite: times(price.cacheWrite) } : {}),
    ...(price.origin ? { origin: price.origin } : {}),
  }
}

/**
 * USD for a usage as if nothing had been cached: every input token (cache reads and writes are part of
 * `usage.input`) at the plain input price — the figure a cached run's cost is honestly set beside.
 */
export function uncachedUsdOf(usage: Usage, price: ModelPrice): number {
  return usdOf({ ...usage, cacheRead: 0, cacheWrite: 0 }, price)
}

/**
 * USD for a usage at one row's prices. Cache reads and writes are part of `usage.input`, so only the rest is
 * billed at the input price; the clamp keeps a server that reports more cached than prompt tokens from
 * producing a negative charge.
 */
export function usdOf(usage: Usage, price: ModelPrice): number {
  const uncached = Math.max(0, usage.input - usage.cacheRead - usage.cacheWrite)
  const micro =
    uncached * price.input +
    usage.cacheRead * (price.cachedInput ?? price.input) +
    usage.cacheWrite * (price.cacheWrite ?? price.input) +
    usage.output * price.output
  return micro / 1_000_000
}
