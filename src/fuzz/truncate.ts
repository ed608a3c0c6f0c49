import { isPlainObject } from '../core/plain-object.ts'

// Not a text cut like core's shorten: it cuts a value's JSON structure, as a stream broken off mid-call leaves it.
/**
 * What a "close the brackets" repair makes of arguments cut after `keep` leaves (in serialisation order): later
 * keys and elements are gone, and the leaf at the cut, when a string, keeps only `partial` of its characters.
 * The result is valid JSON that may miss required fields (jaseci-labs/jac#6766): it must never execute.
 */
export function truncateValue(value: unknown, keep: number, partial: number): unknown {
  let budget = keep
  const cut = (node: unknown): { readonly value: unknown; readonly complete: boolean } => {
    if (Array.isArray(node)) {
      const items: unknown[] = []
      for (const item of node) {
        if (budget <= 0) return { value: items, complete: false }
        const result = cut(item)
        if (result.value !== undefined) items.push(result.value)
        if (!result.complete) return { value: items, complete: false }
      }
      return { value: items, complete: true }
    }
    if (isPlainObject(node)) {
      const copy: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(node)) {
        if (budget <= 0) return { value: copy, complete: false }
        const result = cut(item)
        if (result.value !== undefined) copy[key] = result.value
        if (!result.complete) return { value: copy, complete: false }
      }
      return { value: copy, complete: true }
    }
    if (budget <= 0) return { value: undefined, complete: false }
    budget--
    if (budget === 0 && typeof node === 'string' && partial < node.length) {
      // The cut fell inside this string: a lenient closer keeps its prefix.
      return { value: node.slice(0, partial), complete: false }
    }
    return { value: node, complete: true }
  }
  return cut(value).value
}

/** The number of leaves (scalars) in a JSON value: the range of useful `keep` values for `truncateValue`. */
export function leafCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + leafCount(item), 0)
  if (isPlainObject(value)) return Object.values(value).reduce((sum: number, item) => sum + leafCount(item), 0)
  return 1
}
