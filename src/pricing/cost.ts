import type { Usage } from '../core/model-turn.ts'
import { findPrice } from './lookup.ts'
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
    }
  | { readonly priced: false; readonly reason: string }

/** The table `costOf` uses when none is given. */
export const defaultPriceTable: PriceTable = priceTable202611

/**
 * Prices the usage of one model spec. `table` in the result is the table's date for shipped rows and
 * `config` for rows from the config file, so a report says where each figure came from.
 */
export function costOf(spec: string, usage: Usage, table: PriceTable = defaultPriceTable): Cost {
  const found = findPrice(table, spec)
  if (!found.found) return { priced: false, reason: found.reason }
  const cached = usage.cacheRead > 0 || usage.cacheWrite > 0
  return {
    usd: usdOf(usage, found.price),
    priced: true,
    table: found.price.origin === 'config' ? 'config' : table.date,
    ...(cached ? { uncachedUsd: uncachedUsdOf(usage, found.price) } : {}),
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
