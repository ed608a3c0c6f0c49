import { distance } from 'fastest-levenshtein'
import { isPlainObject } from './plain-object.ts'

/**
 * The candidate closest to `name` by edit distance, when it is close enough to be a slip (at most a third of the
 * longer name's length, at least 1, at most `most`; case differences are free, two swapped neighbours count as one
 * slip: `rnu` is `run`). Undefined when nothing is close.
 */
export function closestName(name: string, candidates: Iterable<string>, most = Infinity): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    if (candidate === name) continue
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0.5 : swapsNeighbours(name, candidate) ? 1 : distance(name, candidate)
    const limit = Math.min(most, Math.max(1, Math.ceil(Math.max(name.length, candidate.length) / 3)))
    if (d <= limit && d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

/** ` (did you mean "x"?)` for the closest candidate, or '' when none is close. For appending to error messages. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const closest = closestName(name, candidates)
  return closest === undefined ? '' : ` (did you mean "${closest}"?)`
}

/**
 * Names the provider APIs give what a suite or a config calls otherwise — a tool call's `arguments` (also the
 * scripted models' word), its `tool`; a price's `cache_read` and `cache_creation` (Anthropic's), `input_cache_read`,
 * `prompt` and `completion` (OpenRouter's) — which a user copying from them writes, and edit distance misses.
 */
const apiNames = new Map([
  ['arguments', 'args'], ['tool', 'name'],
  ['cache_read', 'cached_input'], ['input_cache_read', 'cached_input'], ['cache_creation', 'cache_write'], ['prompt', 'input'], ['completion', 'output'],
])

/**
 * ` (did you mean "x"?)` for an unknown key: a name one slip away at that place (`tool` at a suite's root is
 * `tools`), else the name there for an API's name (`cache_read` is `cached_input`, not the nearer `cache_write`),
 * else a close name.
 */
export function unknownFieldHint(key: string, names: readonly string[]): string {
  const ours = apiNames.get(key)
  const meant = closestName(key, names, 1) ?? (ours !== undefined && names.includes(ours) ? ours : closestName(key, names))
  return meant === undefined ? '' : ` (did you mean "${meant}"?)`
}

/** The first names, comma-joined, and how many more: a suite or report of hundreds of cases is not one error line. */
export function fewOf(names: readonly string[], shown = 8): string {
  return `${names.slice(0, shown).join(', ')}${names.length > shown ? ` and ${names.length - shown} more` : ''}`
}

/** Whether `b` is `a` with two adjacent characters swapped (Levenshtein counts that as two edits). */
function swapsNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const differ = [...a].flatMap((char, index) => (char !== b[index] ? [index] : []))
  const [i, j] = differ
  return differ.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!]
}

/**
 * For a number that should be a fraction between 0 and 1 but reads as a percentage (1 < value <= 100):
 * `75 is a percentage; expected a fraction between 0 and 1: did you mean 0.75?`. Undefined for any other value.
 */
export function percentageSlip(value: unknown): string | undefined {
  if (typeof value !== 'number' || !(value > 1 && value <= 100)) return undefined
  // toPrecision drops the binary noise of the division (57 / 100 is 0.5700000000000001).
  return `${value} is a percentage; expected a fraction between 0 and 1: did you mean ${Number((value / 100).toPrecision(12))}?`
}

/**
 * For a number or boolean where a string was expected — YAML reads `content: 400` or `content: true` as one —
 * `, got the number 400: quote it ("400")`; empty for any other value.
 */
export function quotingSlip(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'boolean') return ''
  return `, got the ${typeof value} ${String(value)}: quote it ("${String(value)}")`
}

/**
 * For one value where a list was expected — `calls: { name: x }`, `tools: get_weather` — how to write the list of
 * it: `, got the string "get_weather": write ["get_weather"]`; empty for a list or nothing.
 */
export function listSlip(value: unknown): string {
  if (isPlainObject(value)) return ', got one object: put it in a list ([{ … }], or a "- " item)'
  // JSON's spelling, which YAML reads too: a case file (.jsonl) is JSON.
  const text = JSON.stringify(value)
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? `, got the ${typeof value} ${text}: write [${text}]` : ''
}

/** A number as JSON and YAML write one (no `0x3`, no spaces, no `Infinity`). */
export const jsonNumeral = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/

/**
 * The other way round, for a string where a boolean or a number was expected — YAML 1.2 reads `yes`, `off` and any
 * quoted value as one — `, got the string "yes": write true`; empty for a string that reads as neither. In a field
 * that `counts` (tokens, turns, retries) `1.2k` is also read, as 1200.
 */
export function unquotingSlip(value: unknown, type: unknown, counts = false): string {
  if (typeof value !== 'string') return ''
  // `1.2k` is how a count is said; a temperature or a fraction of 1200 is no one's meaning (toPrecision drops the
  // binary noise).
  const numeral = counts && /^\d+(\.\d+)?k$/i.test(value) ? String(Number((Number(value.slice(0, -1)) * 1000).toPrecision(12))) : value
  const meant = type === 'boolean' ? (/^(true|yes|on)$/i.test(value) ? 'true' : /^(false|no|off)$/i.test(value) ? 'false' : undefined)
    : (type === 'number' || (type === 'integer' && Number.isInteger(Number(numeral)))) && jsonNumeral.test(numeral) ? numeral
    : undefined
  return meant === undefined ? '' : `, got the string ${JSON.stringify(value)}: write ${meant}`
}

/** Seconds in one of each unit a user may type after a number of seconds (`30s`, `2m`, `700ms`). */
const secondsPer: Record<string, number> = { ms: 0.001, s: 1, sec: 1, secs: 1, second: 1, seconds: 1, m: 60, min: 60, mins: 60, minute: 60, minutes: 60, h: 3600, hour: 3600, hours: 3600 }

/**
 * The number of seconds a duration with a unit means, for a field or flag of seconds given one (`30s` → 30,
 * `2m` → 120); undefined for any other text. Every duration toolgauge reads is in seconds.
 */
export function secondsMeant(text: unknown): number | undefined {
  const duration = typeof text === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text) : null
  const factor = duration ? secondsPer[duration[2]!.toLowerCase()] : undefined
  // toPrecision drops the binary noise (700ms is 0.7000000000000001 s).
  return factor === undefined ? undefined : Number((Number(duration![1]) * factor).toPrecision(12))
}
