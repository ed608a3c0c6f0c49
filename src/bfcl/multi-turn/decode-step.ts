import { PyJsonError, pyJsonLoads } from '../py/json.ts'
import { pyRepr } from '../py/repr.ts'
import { isDict, pyItems, type PyValue } from '../py/value.ts'

// BFCL's FC decode_execute (convert_to_function_call): each `{name: "<JSON arguments>"}` becomes the call string
// `name(k=repr(v),...)`. A step that is not a list of such dicts raises in BFCL, and the checker drops it.

// The call text of one `{name: argsText}` pair, or null where BFCL's decoder raises.
function decodeCall(name: string, argsText: string): string | null {
  let args: PyValue
  try {
    args = pyJsonLoads(argsText)
  } catch (error) {
    if (error instanceof PyJsonError) return null
    throw error
  }
  if (!isDict(args)) return null
  const rendered = args.entries.map(([key, value]) => `${typeof key === 'string' ? key : pyRepr(key)}=${pyRepr(value)}`)
  return `${name}(${rendered.join(',')})`
}

/** The call strings of one FC step, or undefined where BFCL's decoder raises. */
export function decodeFcStep(step: PyValue): string[] | undefined {
  const elements = pyItems(step)
  if (!elements) return undefined
  const calls: string[] = []
  for (const element of elements) {
    if (!isDict(element)) return undefined
    for (const [name, argsText] of element.entries) {
      if (typeof argsText !== 'string') return undefined
      const text = decodeCall(typeof name === 'string' ? name : pyRepr(name), argsText)
      if (text === null) return undefined
      calls.push(text)
    }
  }
  return calls
}
