import type { RawToolCall, ToolCall } from '../core/message.ts'

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
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ...call, arguments: parsed, parseError: `arguments must be a JSON object, got ${parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : typeof parsed}` }
  }
  return { ...call, arguments: parsed }
}
