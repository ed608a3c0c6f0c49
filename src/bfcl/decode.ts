import type { DecodedCall } from './checker/function-check.ts'
import { pyJsonLoads } from './py/json.ts'
import { pyStrip } from './py/str.ts'
import { isDict, isList, pyClass, pyIterate, type PyValue } from './py/value.ts'
import { parseExpression } from './python/parse.ts'
import { resolveCall } from './python/resolve.ts'

/** How a model's raw result is decoded: FC (a list of `{name: "<JSON arguments>"}`) or prompt text (Python calls). */
export type DecodeMode = 'fc' | 'prompt'

/** BFCL's FC decoder (OpenAI/Anthropic/Mistral handlers): the first key is the name, its value is parsed with json.loads. */
function decodeFc(result: PyValue): PyValue {
  const elements = pyIterate(result)
  if (!elements) throw new Error(`'${pyClass(result)}' object is not iterable`)
  return elements.map((element) => {
    if (!isDict(element)) throw new Error(`'${pyClass(element)}' object has no attribute 'keys'`)
    const first = element.entries[0]
    if (!first) throw new Error('list index out of range')
    const [name, args] = first
    if (typeof args !== 'string') throw new Error(`the JSON object must be str, bytes or bytearray, not ${pyClass(args)}`)
    return { t: 'dict', entries: [[name, pyJsonLoads(args)]] }
  })
}

/**
 * BFCL's default prompt decoder: strip backticks/newlines/spaces, wrap in `[...]` when missing, strip quotes,
 * parse as a Python expression; every element must be a call (keyword arguments only).
 */
export function decodePrompt(result: PyValue): PyValue {
  if (typeof result !== 'string') throw new Error(`'${pyClass(result)}' object has no attribute 'strip'`)
  let text = pyStrip(result, '`\n ')
  if (!text.startsWith('[')) text = `[${text}`
  if (!text.endsWith(']')) text = `${text}]`
  const expression = parseExpression(pyStrip(pyStrip(text), "'"))
  if (expression.k === 'call') return [resolveCall(expression)]
  if (expression.k !== 'list' && expression.k !== 'tuple' && expression.k !== 'set') {
    throw new Error(`'${expression.k}' object has no attribute 'elts'`)
  }
  return expression.elts.map((element) => {
    if (element.k !== 'call') throw new Error('AssertionError')
    return resolveCall(element)
  })
}

/** Decodes a raw result; any exception is a decoder failure (its message BFCL's text), as in BFCL (Python raises, the runner catches). */
export function decode(result: PyValue, mode: DecodeMode): { readonly ok: true; readonly value: PyValue } | { readonly ok: false; readonly error: string } {
  try {
    return { ok: true, value: mode === 'fc' ? decodeFc(result) : decodePrompt(result) }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * BFCL's is_function_calling_format_output: a list of one-key dicts whose value is a dict. Returns the calls,
 * or undefined when the shape is wrong (`ast_decoder:decoder_wrong_output_format`).
 */
export function functionCallShape(decoded: PyValue): DecodedCall[] | undefined {
  if (!isList(decoded)) return undefined
  const calls: DecodedCall[] = []
  for (const item of decoded) {
    if (!isDict(item) || item.entries.length !== 1) return undefined
    const [name, args] = item.entries[0]!
    if (!isDict(args)) return undefined
    // Names are strings from both decoders (JSON keys, joined attribute chains).
    calls.push({ name: String(name), args })
  }
  return calls
}
