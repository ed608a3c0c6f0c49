/** `/cases/0/expect` → ['cases', 0, 'expect']: an RFC 6901 pointer read as a path (`~1` is `/`, `~0` is `~`). */
export function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return []
  return pointer.slice(1).split('/').map((part) => {
    const key = unescapeToken(part)
    return /^\d+$/.test(key) ? Number(key) : key
  })
}

/** One RFC 6901 reference token read as the key it names: `a~1b` → `a/b`, `a~0b` → `a~b` (`~01` → `~1`). */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** The value at a path of a document (undefined where the path leads nowhere). */
export function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value
  for (const step of path) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[step] : undefined
  return current
}

/** A copy of a document with the value at a path replaced (arrays and objects along it copied, the rest shared). */
export function replacedAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [step, ...rest] = path
  if (step === undefined) return replacement
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[step] = replacedAt(copy[step], rest, replacement)
  return copy
}
