import { pyJsonLoads, PyJsonError } from '../py/json.ts'
import { pyRepr } from '../py/repr.ts'
import { isDict, isList, pyClass, tagged, type PyValue } from '../py/value.ts'

// BFCL's FC decode_execute (convert_to_function_call): each `{name: "<JSON arguments>"}` becomes the call string
// `name(k=repr(v),...)`. A step that is not a list of such dicts raises in BFCL, and the checker drops it.

function items(v: PyValue): readonly PyValue[] | undefined {
  if (isList(v)) return v
  const t = tagged(v)
  if (t?.t === 'tuple') return t.items
  return undefined
}

/** The call strings of one FC step, or undefined where BFCL's decoder raises. */
export function decodeFcStep(step: PyValue): string[] | undefined {
  const elements = items(step)
  if (!elements) return undefined
  const calls: string[] = []
  for (const element of elements) {
    if (!isDict(element)) return undefined
    for (const [name, argsText] of element.entries) {
      if (typeof argsText !== 'string') return undefined
      let args: PyValue
      try {
        args = pyJsonLoads(argsText)
      } catch (error) {
        if (error instanceof PyJsonError) return undefined
        throw error
      }
      if (!isDict(args)) return undefined
      const rendered = args.entries.map(([key, value]) => `${typeof key === 'string' ? key : pyRepr(key)}=${pyRepr(value)}`)
      calls.push(`${typeof name === 'string' ? name : pyRepr(name)}(${rendered.join(',')})`)
    }
  }
  return calls
}

/** `type(v).__name__` of a step, for messages. */
export const stepClass = (step: PyValue): string => pyClass(step)
