import { thrownMessage } from '../core/thrown.ts'

/**
 * What JSON cannot carry in a value user code hands the loop (a stub's result, a hook's replacement). Such a value
 * is sent to the model as JSON and journaled as JSON: `JSON.stringify` throws on a cycle or a BigInt (which used to
 * crash the run) and silently drops functions, symbols and the contents of Maps and Sets (which would send the model
 * something else than the user's code returned). Both are the harness's mistake, so they are named, not guessed at.
 */

/** The first thing in `value` JSON cannot carry, as `a cycle at result.self`; undefined when it serializes faithfully. */
export function jsonProblem(value: unknown, root: string): string | undefined {
  const ancestors: { readonly value: object; readonly path: string }[] = []
  const visit = (current: unknown, path: string): string | undefined => {
    switch (typeof current) {
      case 'bigint':
        return `a BigInt at ${path} (JSON has no big integers; send a number or a string)`
      case 'function':
        return `a function at ${path}`
      case 'symbol':
        return `a symbol at ${path}`
      case 'object':
        break
      default:
        return undefined
    }
    if (current === null) return undefined
    const back = ancestors.find((ancestor) => ancestor.value === current)
    if (back) return `a cycle at ${path} (it refers back to ${back.path})`
    const toJSON = (current as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') {
      // JSON.stringify sends what toJSON returns (a Date becomes its ISO string): judge that instead.
      let replaced: unknown
      try {
        replaced = toJSON.call(current, '')
      } catch (error) {
        return `toJSON threw at ${path}: ${thrownMessage(error)}`
      }
      if (replaced !== current) return visit(replaced, path)
    }
    if (current instanceof Map || current instanceof Set) return `a ${current instanceof Map ? 'Map' : 'Set'} at ${path} (JSON would send it as {}; use an object or an array)`
    ancestors.push({ value: current, path })
    try {
      if (Array.isArray(current)) {
        for (let index = 0; index < current.length; index++) {
          const problem = visit(current[index], `${path}[${index}]`)
          if (problem) return problem
        }
        return undefined
      }
      for (const key of Object.keys(current)) {
        const problem = visit((current as Record<string, unknown>)[key], `${path}.${key}`)
        if (problem) return problem
      }
      return undefined
    } finally {
      ancestors.pop()
    }
  }
  try {
    return visit(value, root)
  } catch (error) {
    // Nesting deep enough to overflow the stack (JSON.stringify would overflow too), or a getter that throws.
    return `${root} cannot be read: ${thrownMessage(error)}`
  }
}

/** A user value taken once, as the JSON it is sent as: `{ value }`, or `{ problem }` when JSON cannot carry it. */
export type JsonTaken = { readonly value: unknown; readonly problem?: undefined } | { readonly problem: string }

/**
 * Takes a value user code handed the loop (a live stub's or world's result, a hook's replacement) once, as the JSON
 * the model is sent: what is recorded is then exactly what was sent (a `toJSON` honoured once), and nothing the
 * user's code does later — a getter read a second time, the object mutated from a timer — reaches the loop.
 */
export function takeJson(value: unknown, root: string): JsonTaken {
  const problem = jsonProblem(value, root)
  if (problem) return { problem }
  if (value === undefined || typeof value === 'string') return { value }
  try {
    const text = JSON.stringify(value)
    return { value: text === undefined ? undefined : JSON.parse(text) as unknown }
  } catch (error) {
    return { problem: `${root} cannot be read: ${thrownMessage(error)}` }
  }
}
