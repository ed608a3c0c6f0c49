import { jsonText } from './json-dumps.ts'
import { tagged, type PyValue } from './value.ts'

/**
 * JSON text for a Python value with number lexemes intact (`5` stays `5`, `5.0` stays `5.0`), the inverse of
 * pyJsonLoads. Tuples become arrays, non-string dict keys their repr; NaN/Infinity as Python's json.dumps writes them.
 */
export function pyToJsonText(v: PyValue): string {
  return jsonText(v, JSON.stringify, (key) => JSON.stringify(typeof key === 'string' ? key : pyToJsonText(key)))
}

/** A plain JS value for a Python value (ints beyond 2^53 become strings; for display and matchers, not for verdicts). */
export function pyToPlain(v: PyValue): unknown {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v
  if (Array.isArray(v)) return v.map(pyToPlain)
  const t = tagged(v)!
  switch (t.t) {
    case 'int': return Number.isSafeInteger(Number(t.v)) ? Number(t.v) : t.v.toString()
    case 'float': return t.v
    case 'tuple': return t.items.map(pyToPlain)
    case 'dict': return Object.fromEntries(t.entries.map(([key, value]) => [typeof key === 'string' ? key : pyToJsonText(key), pyToPlain(value)]))
    case 'complex': return `${t.re}+${t.im}j`
    case 'bytes': return t.v
  }
}

/**
 * A Python value from plain JS data that has lost its lexemes (e.g. YAML-loaded): whole numbers become ints,
 * others floats. Lossy for `5.0`; imported suites keep the answer as JSON text to avoid this.
 */
export function plainToPy(v: unknown): PyValue {
  if (v === null || v === undefined) return null
  if (typeof v === 'boolean' || typeof v === 'string') return v
  if (typeof v === 'number') return Number.isInteger(v) ? { t: 'int', v: BigInt(v) } : { t: 'float', v }
  if (typeof v === 'bigint') return { t: 'int', v }
  if (Array.isArray(v)) return v.map(plainToPy)
  if (typeof v === 'object') return { t: 'dict', entries: Object.entries(v).map(([key, value]) => [key, plainToPy(value)] as const) }
  return String(v)
}
