import { isPlainObject } from '../core/plain-object.ts'

/** Ways to write the same arguments on the wire: a parser must give the same verdict for all of them. */
export type Rendering = 'compact' | 'indented' | 'spaced' | 'float-integers' | 'escaped-keys'

/** Renderings a metamorphic check draws from. */
export const renderings: readonly Rendering[] = ['compact', 'indented', 'spaced', 'float-integers', 'escaped-keys']

/** Serialises JSON data in one rendering; `1` as `1.0`, keys as `\u0063ity` and the like are still the same JSON value. */
export function render(value: unknown, rendering: Rendering): string {
  if (rendering === 'indented') return JSON.stringify(value, null, 2)
  const write = (node: unknown): string => {
    if (Array.isArray(node)) return rendering === 'spaced' ? `[ ${node.map(write).join(' , ')} ]` : `[${node.map(write).join(',')}]`
    if (isPlainObject(node)) {
      const entries = Object.entries(node).map(([key, item]) => {
        const name = rendering === 'escaped-keys' ? escapeFirst(key) : JSON.stringify(key)
        return rendering === 'spaced' ? `${name} : ${write(item)}` : `${name}:${write(item)}`
      })
      return rendering === 'spaced' ? `{ ${entries.join(' , ')} }` : `{${entries.join(',')}}`
    }
    if (rendering === 'float-integers' && typeof node === 'number' && /^-?\d+$/.test(String(node))) return `${String(node)}.0`
    return JSON.stringify(node) ?? 'null'
  }
  return write(value)
}

const escapeFirst = (key: string): string => {
  const first = key.codePointAt(0)
  if (first === undefined || first > 0xffff) return JSON.stringify(key)
  return `"\\u${first.toString(16).padStart(4, '0')}${JSON.stringify(key.slice(1)).slice(1)}`
}

/** The same data with object keys in another order (`order` supplies sort weights; arrays keep their order). */
export function reorderKeys(value: unknown, order: readonly number[]): unknown {
  let next = 0
  const weight = (): number => order.length === 0 ? 0 : order[next++ % order.length]!
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!isPlainObject(node)) return node
    const keys = Object.keys(node)
    const weighted = keys.map((key, index) => ({ key, index, weight: weight() }))
    weighted.sort((a, b) => a.weight - b.weight || b.index - a.index)
    const copy: Record<string, unknown> = {}
    for (const { key } of weighted) Object.defineProperty(copy, key, { value: walk(node[key]), enumerable: true, writable: true, configurable: true })
    return copy
  }
  return walk(value)
}
