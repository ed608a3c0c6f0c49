import { unknownFieldHint } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import type { ModelPrice, PriceTable } from './types.ts'
import { isPlainObject } from '../core/plain-object.ts'

// Config keys, snake_case as in toolgauge.config.yaml.
const fields = ['input', 'output', 'cached_input', 'cache_write'] as const
type Field = (typeof fields)[number]
const required: readonly Field[] = ['input', 'output']

/**
 * Adds config price overrides — `{ "<model name or spec>": { input, output, cached_input?, cache_write? } }`
 * in USD per million tokens — to a table. An override replaces the whole row, so a missing `cached_input`
 * means no cache discount rather than the shipped one. Throws `InputError` naming the field on bad values.
 */
export function mergePriceTable(base: PriceTable, overrides: unknown, file?: string): PriceTable {
  if (overrides === undefined || overrides === null) return base
  if (!isPlainObject(overrides)) throw bad(file, 'prices', 'expected a map of model name or spec to prices')
  const rows = Object.entries(overrides).map(([key, value]) => [normalizeKey(key, file), parseRow(key, value, file)] as const)
  // Keys match case-insensitively, so `GPT-4o` and `gpt-4o` would silently shadow each other.
  const seen = new Set<string>()
  for (const [key] of rows) {
    if (seen.has(key)) throw bad(file, `prices.${key}`, 'listed twice (keys are case-insensitive)')
    seen.add(key)
  }
  return { ...base, models: { ...base.models, ...Object.fromEntries(rows) } }
}

function normalizeKey(key: string, file: string | undefined): string {
  const trimmed = key.trim().toLowerCase()
  if (trimmed === '') throw bad(file, 'prices', 'a model name or spec must not be empty')
  return trimmed
}

function parseRow(key: string, value: unknown, file: string | undefined): ModelPrice {
  const at = `prices.${key}`
  if (!isPlainObject(value)) throw bad(file, at, 'expected { input, output, cached_input?, cache_write? } in USD per million tokens')
  for (const name of Object.keys(value)) {
    if (!(fields as readonly string[]).includes(name)) {
      throw bad(file, `${at}.${name}`, `unknown price field${unknownFieldHint(name, fields)}; expected one of ${fields.join(', ')}`)
    }
  }
  for (const name of required) {
    if (value[name] === undefined) throw bad(file, `${at}.${name}`, 'required (USD per million tokens)')
  }
  const price = (name: Field): number | undefined => {
    const usd = value[name]
    if (usd === undefined) return undefined
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) {
      throw bad(file, `${at}.${name}`, `expected a non-negative number of USD per million tokens, got ${typeof usd === 'number' ? String(usd) : JSON.stringify(usd)}`)
    }
    return usd
  }
  const cachedInput = price('cached_input')
  const cacheWrite = price('cache_write')
  return {
    input: price('input') as number,
    output: price('output') as number,
    ...(cachedInput !== undefined ? { cachedInput } : {}),
    ...(cacheWrite !== undefined ? { cacheWrite } : {}),
    origin: 'config',
  }
}

function bad(file: string | undefined, field: string, message: string): InputError {
  return new InputError(message, { ...(file !== undefined ? { file } : {}), field })
}
