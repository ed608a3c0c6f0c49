import type { ModelPrice, PriceTable } from './types.ts'

/** A price found for a model spec, with the table key that matched. */
export type PriceMatch = { readonly found: true; readonly key: string; readonly price: ModelPrice }

/** Why a model spec has no price; `offline`: it never reaches a paid API (baseline, scripted), so it spends nothing. */
export type PriceMiss = { readonly found: false; readonly reason: string; readonly offline?: true }

// Providers whose model names are the vendor's own, so the shipped table applies to them.
const vendorPrefixes: readonly string[] = ['openai', 'openai-responses', 'anthropic', 'google']

// Specs that never reach a paid API.
const offlinePrefixes: readonly string[] = ['baseline', 'scripted']

// What may follow a table key for the name to still be the same model: a dated snapshot (`-2024-08-06`,
// `-20250929`, `-0613`) or `-latest`. Anything else (`-6` in claude-opus-4-6, `.4` in gpt-5.4) is a different
// model with its own price, and pricing it as its prefix would be silently wrong (claude-opus-4 costs 3x
// claude-opus-4-6), so it stays unpriced until the table or the config names it.
const snapshotSuffix = /^-(\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|latest)$/

/** Splits `provider:model` at the first colon (`openai-compatible:qwen3:8b` keeps `qwen3:8b`). */
export function splitSpec(spec: string): { readonly provider: string; readonly model: string } {
  const colon = spec.indexOf(':')
  return colon === -1 ? { provider: spec, model: '' } : { provider: spec.slice(0, colon), model: spec.slice(colon + 1) }
}

/** True when `name` is `key` itself or `key` followed by a snapshot suffix. */
export function isSnapshotOf(name: string, key: string): boolean {
  return name === key || (name.startsWith(key) && snapshotSuffix.test(name.slice(key.length)))
}

/**
 * Finds the price of a model spec: a key equal to the spec (or the spec without a snapshot suffix) wins, then
 * the longest model-name key for vendor providers. `openai-compatible` servers set their own prices, so only
 * spec keys apply to them.
 */
export function findPrice(table: PriceTable, spec: string): PriceMatch | PriceMiss {
  const lower = spec.trim().toLowerCase()
  const { provider, model } = splitSpec(lower)
  if (offlinePrefixes.includes(provider)) return { found: false, offline: true, reason: `${provider} is an offline model` }
  const keys = Object.keys(table.models)
  const bySpec = longest(keys.filter((key) => key.includes(':') && isSnapshotOf(lower, key)))
  if (bySpec !== undefined) return match(table, bySpec)
  if (!vendorPrefixes.includes(provider)) {
    return provider === 'openai-compatible'
      ? { found: false, reason: `no price for ${spec}: add it under prices: with the full spec as the key` }
      : { found: false, reason: `no price for ${spec}: unknown provider "${provider}"` }
  }
  const byName = longest(keys.filter((key) => !key.includes(':') && isSnapshotOf(model, key)))
  if (byName !== undefined) return match(table, byName)
  return { found: false, reason: `no price for ${spec} in the ${table.date} table: add it under prices:` }
}

function longest(keys: readonly string[]): string | undefined {
  return keys.reduce<string | undefined>((best, key) => (best === undefined || key.length > best.length ? key : best), undefined)
}

function match(table: PriceTable, key: string): PriceMatch {
  return { found: true, key, price: table.models[key] as ModelPrice }
}
