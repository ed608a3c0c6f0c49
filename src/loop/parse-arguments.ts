import { ExactNumber, firstInexactNumber, firstNumberToken, literalEquals, plainValue, roundTrips } from '../core/exact-number.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import type { RawToolCall, ToolCall } from '../core/message.ts'
import { losslessJsonModule } from '../io/lazy-require.ts'
import { deepFreeze } from './snapshot.ts'

/**
 * Where parsed arguments keep their judged reading (themselves when every number round-trips): on the `arguments`
 * object, under a symbol that is no enumerable key, so every spread of the call shares it and JSON output (the
 * report), user code's copies and equality never see it. Arguments read back from a file (report.json, a journal
 * line, a saved runCase result) lack it until first judged, when it is read again from the raw text the call kept.
 */
const judgedReading = Symbol('judgedReading')

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
  // One scan finds whether any number does not round-trip (nearly none does); only then are the arguments parsed
  // again, losslessly, which also finds a number that overflows.
  if (firstInexactNumber(call.rawArguments) === undefined) return judgedAs(call, parsed, parsed)
  const { judged, overflow } = exactReading(call.rawArguments)
  if (overflow !== undefined) {
    // No `arguments`: they would hold Infinity, which JSON output writes as null — a value the model never sent.
    return { ...call, parseError: `number ${overflow} is out of range: JSON readers hold numbers as 64-bit floats (JavaScript's, Python's) and read it as ${Number(overflow)}` }
  }
  return judgedAs(call, parsed, judged === undefined ? parsed : deepFreeze(judged))
}

/** The parsed call, its judged reading kept from this parse: the loop's calls are never read from their text again. */
function judgedAs(call: RawToolCall, parsed: object, judged: unknown): ToolCall {
  keep(parsed, judged)
  return { ...call, arguments: parsed }
}

function keep(args: object, judged: unknown): void {
  // Frozen arguments (a caller's own) cannot keep it: they are read from their text at each judgement.
  if (Object.isExtensible(args)) Object.defineProperty(args, judgedReading, { value: judged })
}

/**
 * The arguments with each number that does not round-trip as an ExactNumber of its text, and the first number too
 * large for a 64-bit float (`1e400`), if any. JSON's grammar and JSON Schema allow any magnitude, so such a number
 * is no schema violation (`type: number` holds for 10^400); but RFC 8259 §6 and I-JSON (RFC 7493 §2.2) leave numbers
 * beyond binary64 without interoperability, and every reader a tool has turns this one into ±Infinity, or refuses
 * it: the arguments cannot reach a tool as sent, as with text that does not parse. So they are malformed (never
 * validated as Infinity, which `type: number` would pass). A number that only loses precision
 * (`12345678901234567891`, `1e-400`) arrives as a nearby value: it is valid, and judged by its exact text.
 */
function exactReading(text: string): { readonly judged?: unknown; readonly overflow?: string } {
  let overflow: string | undefined
  try {
    const judged = losslessJsonModule().parse(text, null, (token) => {
      if (roundTrips(token)) return Number(token)
      if (overflow === undefined && !Number.isFinite(Number(token))) overflow = token
      return new ExactNumber(token)
    })
    return overflow !== undefined ? { overflow } : { judged }
  } catch {
    // Text JSON.parse read and that names no key twice parses, unless it nests deeper than lossless-json's recursion
    // reaches: JavaScript's reading stands, and the overflow is looked for by a scan.
    const token = firstNumberToken(text, (number) => !Number.isFinite(Number(number)))?.token
    return token !== undefined ? { overflow: token } : {}
  }
}

/**
 * A call's arguments as a verdict compares them: `arguments`, except that a number JavaScript cannot hold exactly is
 * an ExactNumber of its text (`core/exact-number.ts`), so `12345678901234567891` never equals an expected
 * 12345678901234567890. Nearly all arguments hold no such number, and are `arguments` itself. A call `parseArguments`
 * did not make (read back from a file) is read from its raw text once: the scan finds no such number in nearly all.
 * Undefined when the arguments did not parse.
 */
export function judgedArguments(call: ToolCall): unknown {
  const args = call.arguments
  if (typeof args !== 'object' || args === null || call.parseError !== undefined) return args
  const kept = (args as { readonly [judgedReading]?: unknown })[judgedReading]
  if (kept !== undefined) return kept
  const judged = readingOf(call.rawArguments, args)
  keep(args, judged)
  return judged
}

/**
 * The judged reading of arguments from the raw text they came from. Arguments that are not its reading, or a call
 * with no text (a library caller's own, a damaged file's), are judged as they are.
 */
function readingOf(text: string | undefined, args: object): unknown {
  if (typeof text !== 'string' || firstInexactNumber(text) === undefined) return args
  const { judged } = exactReading(text)
  return judged !== undefined && literalEquals(plainValue(judged), args) ? deepFreeze(judged) : args
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
