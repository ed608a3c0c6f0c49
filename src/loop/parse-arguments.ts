import { ExactNumber, firstInexactNumber, firstNumberToken, roundTrips } from '../core/exact-number.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import type { RawToolCall, ToolCall } from '../core/message.ts'
import { losslessJsonModule } from '../io/lazy-require.ts'

/**
 * Parses a call's raw argument string. Total: never throws, whatever the model sent; the raw string is kept and
 * a `parseError` says why parsing failed. Only a JSON object counts as well-formed arguments.
 *
 * `arguments` is JavaScript's reading (JSON.parse), what hooks, stubs, worlds and schema validation get; a verdict
 * comparing values reads `judgedArguments`, which keeps each number as exact as the text.
 */
export function parseArguments(call: RawToolCall): ToolCall {
  let parsed: unknown
  try {
    parsed = JSON.parse(call.rawArguments)
  } catch (error) {
    const reason = call.rawArguments.trim() === '' ? 'empty argument string' : `invalid JSON (${(error as Error).message})`
    return { ...call, parseError: reason }
  }
  // JSON.parse keeps the last of duplicate keys, so `{"days":"x","days":5}` would hide the first value from
  // validation; a duplicate key makes the arguments ambiguous, so they count as malformed.
  const duplicate = duplicateKey(call.rawArguments)
  if (duplicate !== undefined) return { ...call, arguments: parsed, parseError: `duplicate key "${duplicate}"` }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ...call, arguments: parsed, parseError: `arguments must be a JSON object, got ${parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : typeof parsed}` }
  }
  const overflow = overflowingNumber(call.rawArguments)
  if (overflow !== undefined) {
    // No `arguments`: they would hold Infinity, which JSON output writes as null — a value the model never sent.
    return { ...call, parseError: `number ${overflow} is out of range: JSON readers hold numbers as 64-bit floats (JavaScript's, Python's) and read it as ${Number(overflow)}` }
  }
  return { ...call, arguments: parsed }
}

/**
 * A number too large for a 64-bit float (`1e400`), if the arguments hold one. JSON's grammar and JSON Schema allow
 * any magnitude, so this is no schema violation (`type: number` holds for 10^400); but RFC 8259 §6 and I-JSON
 * (RFC 7493 §2.2) leave numbers beyond binary64 without interoperability, and every reader a tool has turns this one
 * into ±Infinity, or refuses it: the arguments cannot reach a tool as sent, as with text that does not parse. So
 * they are malformed (never validated as Infinity, which `type: number` would pass). A number that only loses
 * precision (`12345678901234567891`, `1e-400`) arrives as a nearby value: it is valid, and judged by its exact text.
 */
function overflowingNumber(text: string): string | undefined {
  if (firstInexactNumber(text) === undefined) return undefined
  return firstNumberToken(text, (token) => !Number.isFinite(Number(token)))?.token
}

// Calls whose judged arguments were read already (the scorer asks once per expectation it tries).
const judged = new WeakMap<ToolCall, unknown>()

/**
 * A call's arguments as a verdict compares them: `arguments`, except that a number JavaScript cannot hold exactly is
 * an ExactNumber of its text (`core/exact-number.ts`), so `12345678901234567891` never equals an expected
 * 12345678901234567890. Nearly all arguments hold no such number: a scan of the raw text finds that, and they are
 * `arguments` itself; only the rest are parsed again, losslessly. Undefined when the arguments did not parse.
 */
export function judgedArguments(call: ToolCall): unknown {
  if (call.arguments === undefined || call.parseError !== undefined) return call.arguments
  if (judged.has(call)) return judged.get(call)
  let value: unknown = call.arguments
  if (firstInexactNumber(call.rawArguments) !== undefined) {
    try {
      value = losslessJsonModule().parse(call.rawArguments, null, (token) => (roundTrips(token) ? Number(token) : new ExactNumber(token)))
    } catch {
      // Text JSON.parse read and that names no key twice always parses; JavaScript's reading stands if not.
    }
  }
  judged.set(call, value)
  return value
}

/** The first duplicated object key in valid JSON text, if any (lossless-json refuses duplicates; JSON.parse does not). */
function duplicateKey(text: string): string | undefined {
  // Most arguments name no key twice: the strict parse, which allocates a tree of its own, only runs when one does.
  if (!hasRepeatedKey(text)) return undefined
  try {
    losslessJsonModule().parse(text)
    return undefined
  } catch (error) {
    return /Duplicate key '([^']*)'/.exec((error as Error).message)?.[1]
  }
}
