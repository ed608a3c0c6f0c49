import { parse as losslessParse } from 'lossless-json'
import { isPlainObject } from '../core/plain-object.ts'
import type { WireKind, WireMutant } from './mutant.ts'

/** The wire kinds a fuzz run draws from (truncation has its own property, but parsers must survive it too). */
export const wireKinds: readonly WireKind[] = [
  'double-encoded', 'trailing-comma', 'trailing-prose', 'second-value', 'truncated', 'empty-string', 'python-literal',
  'markdown-fence', 'duplicate-key', 'proto-key', 'bom',
]

/**
 * Renders valid arguments as a malformed raw argument string of the given kind (`at` picks a truncation offset
 * or a key). Mirrors what models and serving stacks really emit (reference §1, categories 1 and 4–9).
 */
export function wireMutation(args: unknown, kind: WireKind, at: number): WireMutant {
  const json = JSON.stringify(args)
  const keys = isPlainObject(args) ? Object.keys(args) : []
  switch (kind) {
    case 'double-encoded': return { kind, raw: JSON.stringify(json) }
    case 'trailing-comma': return { kind, raw: keys.length > 0 ? `${json.slice(0, -1)},}` : '{,}' }
    case 'trailing-prose': return { kind, raw: `${json}\nI have called the tool with these arguments.` }
    case 'second-value': return { kind, raw: `${json}${json}` }
    case 'truncated': return { kind, raw: json.slice(0, at % Math.max(1, json.length)) }
    case 'empty-string': return { kind, raw: '' }
    case 'python-literal': return { kind, raw: pythonLiteral(args) }
    case 'markdown-fence': return { kind, raw: `\`\`\`json\n${json}\n\`\`\`` }
    case 'duplicate-key': {
      // The first occurrence carries a different value: JSON.parse keeps the last, so no validator ever sees it.
      const key = keys[at % Math.max(1, keys.length)] ?? 'arguments'
      return { kind, raw: `{${JSON.stringify(key)}:"__duplicate__"${keys.length > 0 ? ',' : ''}${json.slice(1)}` }
    }
    case 'proto-key': return { kind, raw: `{"__proto__":{"polluted":true}${keys.length > 0 ? ',' : ''}${json.slice(1)}` }
    case 'bom': return { kind, raw: `\uFEFF${json}` }
  }
}

/**
 * Strict JSON parsing: RFC 8259 text with no duplicate keys (lossless-json rejects those, unlike JSON.parse).
 * Returns `{ ok: false }` for anything a lenient parser would have to repair.
 */
export function strictParse(raw: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    const value: unknown = JSON.parse(raw)
    losslessParse(raw)
    return { ok: true, value }
  } catch {
    return { ok: false }
  }
}

/** Python-literal rendering (`{'city': 'Paris', 'metric': True, 'note': None}`), as pythonic tool-call formats emit. */
export function pythonLiteral(value: unknown): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`
  if (isPlainObject(value)) return `{${Object.entries(value).map(([key, item]) => `${pythonLiteral(key)}: ${pythonLiteral(item)}`).join(', ')}}`
  return JSON.stringify(value)
}
