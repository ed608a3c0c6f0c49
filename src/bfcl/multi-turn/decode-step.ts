import { PyJsonError } from '../py/json.ts'
import { jsonLoads } from '../py/native-json.ts'
import { pyRepr } from '../py/repr.ts'
import { isDict, pyItems, type PyValue } from '../py/value.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

// BFCL's FC decode_execute (convert_to_function_call): each `{name: "<JSON arguments>"}` becomes the call string
// `name(k=repr(v),...)`. A step that is not a list of such dicts raises in BFCL, and the checker drops it.

// The call text of one `{name: argsText}` pair, or null where BFCL's decoder raises. A pure function of the two
// strings, and models repeat their calls (the same `ls(a=False)` in many entries): each pair is decoded once.
// By name, then by argument text: no key string built per call (a joined key was copied and hashed every time).
const decodedCalls = new Map<string, Map<string, string | null>>()
let decodedCount = 0
const decodedCallsLimit = 20_000

function decodeCall(name: string, argsText: string): string | null {
  let byArgs = getOrCreate(decodedCalls, name, () => new Map<string, string | null>())
  let text = byArgs.get(argsText)
  if (text === undefined) {
    text = renderCall(name, argsText)
    if (decodedCount >= decodedCallsLimit) {
      decodedCalls.clear()
      decodedCount = 0
      decodedCalls.set(name, (byArgs = new Map()))
    }
    byArgs.set(argsText, text)
    decodedCount++
  }
  return text
}

function renderCall(name: string, argsText: string): string | null {
  let args: PyValue
  try {
    args = jsonLoads(argsText)
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
  // Index loops: in V8's interpreter and baseline code (where a scoring process spends most of its time) a for-of
  // loop over an array runs the iterator protocol per element.
  for (let at = 0; at < elements.length; at++) {
    const element = elements[at]!
    if (!isDict(element)) return undefined
    for (let index = 0; index < element.entries.length; index++) {
      const name = element.entries[index]![0]
      const argsText = element.entries[index]![1]
      if (typeof argsText !== 'string') return undefined
      const text = decodeCall(typeof name === 'string' ? name : pyRepr(name), argsText)
      if (text === null) return undefined
      calls.push(text)
    }
  }
  return calls
}
