import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import type { RawToolCall, ToolCall } from '../core/message.ts'
import { losslessJsonModule } from '../io/lazy-require.ts'

/**
 * Parses a call's raw argument string. Total: never throws, whatever the model sent; the raw string is kept and
 * a `parseError` says why parsing failed. Only a JSON object counts as well-formed arguments.
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
  return { ...call, arguments: parsed }
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
