/**
 * Whether some object in `text` — JSON that already parsed — names a key twice. JSON.parse keeps the last value
 * silently; this is the cheap check before the strict parse that decides (lossless-json rejects a repeated key
 * whose values differ), so text without a repeated key, nearly all of it, is parsed once. A scan by character
 * codes: in valid JSON only strings can hold quotes or braces, and a string followed by a colon is a key. It
 * allocates only the keys (a 20,000-case suite is scanned without growing the heap).
 */
export function hasRepeatedKey(text: string): boolean {
  if (!text.includes('{')) return false
  // The keys of each open object.
  const open: Set<string>[] = []
  const length = text.length
  let at = 0
  while (at < length) {
    const code = text.charCodeAt(at)
    if (code === quote) {
      const start = at
      let escaped = false
      at++
      while (at < length) {
        const inner = text.charCodeAt(at)
        if (inner === backslash) {
          escaped = true
          at += 2
        } else if (inner === quote) break
        else at++
      }
      const end = ++at
      let next = at
      while (next < length && isWhitespace(text.charCodeAt(next))) next++
      if (text.charCodeAt(next) !== colon || open.length === 0) continue
      // "a" and "\u0061" are the same key.
      const key = escaped ? (JSON.parse(text.slice(start, end)) as string) : text.slice(start + 1, end - 1)
      const keys = open[open.length - 1]!
      if (keys.has(key)) return true
      keys.add(key)
      continue
    }
    if (code === openBrace) open.push(new Set())
    else if (code === closeBrace) open.pop()
    at++
  }
  return false
}

const quote = 0x22
const backslash = 0x5c
const colon = 0x3a
const openBrace = 0x7b
const closeBrace = 0x7d

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
}
