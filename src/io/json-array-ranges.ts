/**
 * Where the elements of one array member of a JSON object stand in the file's bytes, found without parsing them:
 * a suite's `cases` are then parsed one at a time from their slices instead of all at once (the runner keeps the
 * bytes and these ranges, not 20,000 parsed cases).
 */
export type JsonArrayRanges = {
  /** Byte offsets of the array's `[` and one past its `]`. */
  readonly arrayStart: number
  readonly arrayEnd: number
  /** Element i spans bytes `ranges[2i]` up to (not including) `ranges[2i + 1]`. */
  readonly ranges: Uint32Array
  /** Element i holds `keys[i]` object keys, nested ones included (a parse that keeps fewer met a repeated key). */
  readonly keys: Uint32Array
  readonly count: number
}

const quote = 0x22
const backslash = 0x5c
const comma = 0x2c
const colon = 0x3a
const openBrace = 0x7b
const closeBrace = 0x7d
const openBracket = 0x5b
const closeBracket = 0x5d

/**
 * The element ranges of the array that the top-level object's member `key` holds, or undefined when the bytes are
 * not shaped so (not an object, the key missing or given twice, its value not an array, something malformed): the
 * caller then reads the file whole, as before, and gets the same value or the same error. The scan only follows
 * structure (strings, brackets, commas); the caller still parses every piece, so whatever it accepts is valid JSON.
 * UTF-8 is scanned as bytes: every byte of a multi-byte character is ≥ 0x80, never a quote or a bracket.
 */
export function jsonArrayRanges(bytes: Uint8Array, key: string): JsonArrayRanges | undefined {
  const length = bytes.length
  let at = skipSpace(bytes, 0)
  if (bytes[at] !== openBrace) return undefined
  at = skipSpace(bytes, at + 1)
  let found: JsonArrayRanges | undefined
  if (bytes[at] === closeBrace) return undefined
  while (at < length) {
    if (bytes[at] !== quote) return undefined
    const keyStart = at
    at = skipString(bytes, at)
    if (at < 0) return undefined
    const name = keyText(bytes, keyStart, at)
    at = skipSpace(bytes, at)
    if (bytes[at] !== colon) return undefined
    at = skipSpace(bytes, at + 1)
    if (name === key) {
      if (found || bytes[at] !== openBracket) return undefined
      found = elements(bytes, at)
      if (!found) return undefined
      at = found.arrayEnd
    } else {
      at = skipValue(bytes, at)
      if (at < 0) return undefined
    }
    at = skipSpace(bytes, at)
    if (bytes[at] === comma) {
      at = skipSpace(bytes, at + 1)
      continue
    }
    if (bytes[at] !== closeBrace) return undefined
    return skipSpace(bytes, at + 1) === length ? found : undefined
  }
  return undefined
}

/** The elements of the array whose `[` is at `start`. */
function elements(bytes: Uint8Array, start: number): JsonArrayRanges | undefined {
  let ranges = new Uint32Array(64)
  let keys = new Uint32Array(32)
  let count = 0
  let at = skipSpace(bytes, start + 1)
  if (bytes[at] === closeBracket) return { arrayStart: start, arrayEnd: at + 1, ranges: ranges.subarray(0, 0), keys: keys.subarray(0, 0), count: 0 }
  while (at < bytes.length) {
    const end = skipValue(bytes, at)
    if (end < 0) return undefined
    if (count === keys.length) {
      ranges = grown(ranges)
      keys = grown(keys)
    }
    ranges[2 * count] = at
    ranges[2 * count + 1] = end
    keys[count] = keyCount(bytes, at, end)
    count++
    at = skipSpace(bytes, end)
    if (bytes[at] === comma) {
      at = skipSpace(bytes, at + 1)
      continue
    }
    if (bytes[at] !== closeBracket) return undefined
    // A copy of the exact size: the doubling buffer may be twice what the elements need.
    return { arrayStart: start, arrayEnd: at + 1, ranges: ranges.slice(0, 2 * count), keys: keys.slice(0, count), count }
  }
  return undefined
}

function grown(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(array.length * 2)
  larger.set(array)
  return larger
}

/** The number of keys (strings followed by a colon) between `start` and `end`. */
function keyCount(bytes: Uint8Array, start: number, end: number): number {
  let count = 0
  let at = start
  while (at < end) {
    if (bytes[at] !== quote) {
      at++
      continue
    }
    at = skipString(bytes, at)
    if (at < 0) return count
    if (bytes[skipSpace(bytes, at)] === colon) count++
  }
  return count
}

/** One past the value starting at `at` (an object or array with everything inside it, a string, a literal); -1 if unterminated. */
function skipValue(bytes: Uint8Array, at: number): number {
  const first = bytes[at]
  if (first === quote) return skipString(bytes, at)
  if (first !== openBrace && first !== openBracket) {
    // A number or literal: up to the next delimiter; JSON.parse of the piece judges it.
    while (at < bytes.length && !isDelimiter(bytes[at]!)) at++
    return at
  }
  let depth = 0
  while (at < bytes.length) {
    const code = bytes[at]!
    if (code === quote) {
      at = skipString(bytes, at)
      if (at < 0) return -1
      continue
    }
    if (code === openBrace || code === openBracket) depth++
    else if (code === closeBrace || code === closeBracket) {
      depth--
      if (depth === 0) return at + 1
    }
    at++
  }
  return -1
}

/** One past the closing quote of the string whose opening quote is at `at`; -1 if unterminated. */
function skipString(bytes: Uint8Array, at: number): number {
  at++
  while (at < bytes.length) {
    const code = bytes[at]
    if (code === backslash) at += 2
    else if (code === quote) return at + 1
    else at++
  }
  return -1
}

/** A key's text (escapes decoded: `"\u0063ases"` is `cases`); undefined when it is not a valid JSON string. */
function keyText(bytes: Uint8Array, start: number, end: number): string | undefined {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8')
  if (!raw.includes('\\')) return raw.slice(1, -1)
  try {
    return JSON.parse(raw) as string
  } catch {
    return undefined
  }
}

function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isSpace(bytes[at]!)) at++
  return at
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
}

function isDelimiter(code: number): boolean {
  return isSpace(code) || code === comma || code === closeBrace || code === closeBracket || code === colon
}
