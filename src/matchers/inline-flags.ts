/**
 * Python, PCRE and Go put flags inside the pattern (`(?i)paris`); JavaScript has no such group and fails with
 * "Invalid group": the problem names the `flags:` key that says the same thing.
 */
export function inlineFlagsProblem(pattern: string): string | undefined {
  const inline = /(?<!\\)\(\?([a-zA-Z]+)\)/.exec(pattern)
  if (!inline) return undefined
  const letters = [...new Set(inline[1]!)]
  const portable = letters.filter((letter) => 'ims'.includes(letter))
  const others = letters.filter((letter) => !'ims'.includes(letter))
  const advice = portable.length > 0 ? `write it without ${inline[0]} and add flags: ${portable.join('')}` : `write it without ${inline[0]}`
  const unsupported = others.length > 0 ? ` (JavaScript has no flag ${others.join(', ')})` : ''
  return `inline flags ${inline[0]} are not JavaScript syntax; ${advice}${unsupported}`
}
