import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fnv1a } from '../core/fnv1a.ts'
import { readCacheEntry, writeCacheEntry } from '../io/disk-cache.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** The arrays a table is made of: what is built from a `.tiktoken` file, and what the cache stores. */
type TableParts = {
  /** All tokens' bytes, back to back; token i spans starts[i]..starts[i + 1]. */
  readonly bytes: Uint8Array
  readonly starts: Uint32Array
  readonly ranks: Uint32Array
  /** 1 where gpt-tokenizer keeps the token as a string (see BpeTable), 0 where it keeps bytes. */
  readonly stringStored: Uint8Array
  /** Hash slots holding token index + 1 (0 = empty); the size is a power of two, at least twice the tokens. */
  readonly slots: Int32Array
}

/**
 * A BPE rank table read from gpt-tokenizer's own `data/<encoding>.tiktoken` file (one `base64 rank` line per
 * token) into typed arrays, kept in the user's cache (io/disk-cache.ts) between runs: every token's bytes in one
 * buffer and an open-addressing hash index over them. It replaces gpt-tokenizer's `bpeRanks/*.js` modules for
 * counting: those are 2.4 MB JavaScript array literals that take 0.3–0.5 s of CPU and ~60 MiB to parse and turn
 * into a Map; this table loads in a few tens of milliseconds and a few MiB. The counts are the same (test/tokens/bpe-table.test.ts checks the table against gpt-tokenizer's),
 * quirks included: gpt-tokenizer keeps a token as a string when its bytes decode to one and back (valid UTF-8 not
 * starting with a byte-order mark, which TextDecoder drops), else as bytes, and looks a byte sequence up among the
 * strings when it is valid UTF-8 (decoded, so a leading BOM is dropped) and among the byte tokens otherwise.
 */
export class BpeTable {
  private readonly mask: number

  private constructor(private readonly parts: TableParts) {
    this.mask = parts.slots.length - 1
  }

  /** Builds the table from a `.tiktoken` file's bytes (~0.1 s of CPU for o200k). */
  static fromTiktoken(tiktoken: Uint8Array): BpeTable {
    return new BpeTable(buildParts(tiktoken))
  }

  /** The table stored by `toBytes`, or undefined when `data` is not one (truncated, another format). */
  static fromBytes(data: Uint8Array): BpeTable | undefined {
    const parts = readParts(data)
    return parts ? new BpeTable(parts) : undefined
  }

  /** The table as one byte array for the cache: a header of counts, then each array (4-byte ones first). */
  toBytes(): Uint8Array {
    const { bytes, starts, ranks, stringStored, slots } = this.parts
    const tokens = ranks.length
    const bytesLength = starts[tokens]!
    const header = Uint32Array.of(cacheMagic, tokens, bytesLength, slots.length)
    const sections = [header, starts, ranks, slots, stringStored, bytes.subarray(0, bytesLength)]
    const out = new Uint8Array(sections.reduce((sum, section) => sum + section.byteLength, 0))
    let at = 0
    for (const section of sections) {
      out.set(new Uint8Array(section.buffer, section.byteOffset, section.byteLength), at)
      at += section.byteLength
    }
    return out
  }

  /** How many tokens the table holds. */
  get size(): number {
    return this.parts.ranks.length
  }

  /** The bytes of the token at table position `index` (file order). */
  tokenBytes(index: number): Uint8Array {
    return this.parts.bytes.subarray(this.parts.starts[index], this.parts.starts[index + 1])
  }

  /** The rank at table position `index`. */
  rankAt(index: number): number {
    return this.parts.ranks[index]!
  }

  /** Whether gpt-tokenizer keeps the token at table position `index` as a string. */
  storedAsString(index: number): boolean {
    return this.parts.stringStored[index] === 1
  }

  /** The rank of the byte sequence `source[start..end)`, or -1 when it is no token. */
  rankOf(source: Uint8Array, start: number, end: number): number {
    const index = this.indexOf(source, start, end)
    return index === -1 ? -1 : this.parts.ranks[index]!
  }

  /** The rank gpt-tokenizer's string lookup gives the well-formed text whose UTF-8 is `source[start..end)`. */
  stringRank(source: Uint8Array, start: number, end: number): number {
    const index = this.indexOf(source, start, end)
    return index !== -1 && this.parts.stringStored[index] === 1 ? this.parts.ranks[index]! : -1
  }

  /** The rank gpt-tokenizer's byte lookup (`getBpeRankFromBytes`) gives `source[start..end)`, or -1. */
  bytesRank(source: Uint8Array, start: number, end: number): number {
    if (!isValidUtf8(source, start, end)) {
      const index = this.indexOf(source, start, end)
      return index !== -1 && this.parts.stringStored[index] === 0 ? this.parts.ranks[index]! : -1
    }
    return this.stringRank(source, startsWithBom(source, start, end) ? start + 3 : start, end)
  }

  private indexOf(source: Uint8Array, start: number, end: number): number {
    const { slots } = this.parts
    let slot = fnv1a(source, start, end) & this.mask
    for (;;) {
      const entry = slots[slot]!
      if (entry === 0) return -1
      const index = entry - 1
      if (this.equals(index, source, start, end)) return index
      slot = (slot + 1) & this.mask
    }
  }

  private equals(index: number, source: Uint8Array, start: number, end: number): boolean {
    const { bytes, starts } = this.parts
    const from = starts[index]!
    if (starts[index + 1]! - from !== end - start) return false
    for (let offset = 0; offset < end - start; offset++) {
      if (bytes[from + offset] !== source[start + offset]) return false
    }
    return true
  }
}

/** 'BPE1': the cache format of toBytes; a changed layout gets a new magic number. */
const cacheMagic = 0x31455042

function buildParts(tiktoken: Uint8Array): TableParts {
  const lines = countLines(tiktoken)
  const bytes = new Uint8Array(tiktoken.length)
  const starts = new Uint32Array(lines + 1)
  const ranks = new Uint32Array(lines)
  const stringStored = new Uint8Array(lines)
  let size = 1
  while (size < lines * 2) size *= 2
  const slots = new Int32Array(size)
  let written = 0
  let token = 0
  let at = 0
  // The work is done in small functions called per line: V8 optimizes those after a few calls, while a long
  // loop in this function (run once) would stay in the interpreter. Buffer.indexOf is a native call per use,
  // slower than a scan over a dozen bytes.
  while (at < tiktoken.length) {
    const space = indexOfByte(tiktoken, 0x20, at)
    const end = indexOfByte(tiktoken, 0x0a, space + 1)
    const start = written
    starts[token] = start
    written = decodeBase64(tiktoken, at, space, bytes, written)
    ranks[token] = parseDecimal(tiktoken, space + 1, end)
    stringStored[token] = isValidUtf8(bytes, start, written) && !startsWithBom(bytes, start, written) ? 1 : 0
    insert(slots, token, fnv1a(bytes, start, written))
    token++
    at = end + 1
  }
  starts[token] = written
  return { bytes, starts, ranks, stringStored, slots }
}

function insert(slots: Int32Array, index: number, hashed: number): void {
  const mask = slots.length - 1
  let slot = hashed & mask
  while (slots[slot] !== 0) slot = (slot + 1) & mask
  slots[slot] = index + 1
}

/** The arrays of a toBytes() image, as views on `data` (copied once when `data` is not 4-byte aligned). */
function readParts(data: Uint8Array): TableParts | undefined {
  if (data.byteLength < 16) return undefined
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice()
  const header = new Uint32Array(aligned.buffer, aligned.byteOffset, 4)
  const [magic, tokens, bytesLength, slotCount] = header as unknown as [number, number, number, number]
  const expected = 16 + (tokens + 1) * 4 + tokens * 4 + slotCount * 4 + tokens + bytesLength
  if (magic !== cacheMagic || aligned.byteLength !== expected || slotCount < tokens * 2 || (slotCount & (slotCount - 1)) !== 0) return undefined
  // Each array starts where the one before it ends.
  const { buffer } = aligned
  const end = (view: ArrayBufferView) => view.byteOffset + view.byteLength
  const starts = new Uint32Array(buffer, aligned.byteOffset + 16, tokens + 1)
  const ranks = new Uint32Array(buffer, end(starts), tokens)
  const slots = new Int32Array(buffer, end(ranks), slotCount)
  const stringStored = new Uint8Array(buffer, end(slots), tokens)
  const bytes = new Uint8Array(buffer, end(stringStored), bytesLength)
  if (starts[tokens] !== bytesLength) return undefined
  return { bytes, starts, ranks, stringStored, slots }
}

const tables = new Map<string, BpeTable>()

/** The rank table of an encoding gpt-tokenizer ships a `.tiktoken` file for, read once per process. */
export function bpeTable(encoding: 'o200k_base' | 'cl100k_base'): BpeTable {
  return getOrCreate(tables, encoding, () => cachedTable(encoding))
}

/**
 * The table from the user's cache when this gpt-tokenizer version's was stored there, else built from its
 * `.tiktoken` file (~0.1 s of CPU, plus garbage collection, on every run that counts tokens) and stored. Reading
 * the stored arrays takes a few milliseconds. Measured on the built CLI (10 interleaved runs, load ~15 on 2 cores):
 * the cache saves 65–95 ms of CPU (0.2 s wall there) and 3–5 MiB of peak RSS on `tokens --tools
 * suites/weather/tools.json` and on `run` of the bundled suites with baseline (bench/startup.bench.ts has the line).
 * The key names the encoding, gpt-tokenizer's version and the file's size.
 */
function cachedTable(encoding: 'o200k_base' | 'cl100k_base'): BpeTable {
  const require = createRequire(import.meta.url)
  const file = require.resolve(`gpt-tokenizer/data/${encoding}.tiktoken`)
  const version = (require('gpt-tokenizer/package.json') as { version: string }).version
  const key = `bpe-table ${encoding} gpt-tokenizer@${version} ${statSync(file).size} format ${cacheMagic}`
  const stored = readCacheEntry('tokens', key)
  const cached = stored && BpeTable.fromBytes(stored)
  if (cached) return cached
  const built = BpeTable.fromTiktoken(readFileSync(file))
  writeCacheEntry('tokens', key, () => built.toBytes())
  return built
}

/** gpt-tokenizer 4.0.0's `isValidUTF8` (no overlong forms, surrogates or code points past U+10FFFF). */
function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start
  while (i < end) {
    const first = bytes[i]!
    let length: number
    let codePoint: number
    if (first <= 0x7f) {
      i++
      continue
    } else if ((first & 0xe0) === 0xc0) {
      if (first <= 0xc1) return false
      length = 2
      codePoint = first & 0x1f
    } else if ((first & 0xf0) === 0xe0) {
      length = 3
      codePoint = first & 0x0f
    } else if ((first & 0xf8) === 0xf0) {
      if (first > 0xf4) return false
      length = 4
      codePoint = first & 0x07
    } else return false
    if (i + length > end) return false
    for (let j = 1; j < length; j++) {
      const next = bytes[i + j]!
      if ((next & 0xc0) !== 0x80) return false
      codePoint = (codePoint << 6) | (next & 0x3f)
    }
    if ((length === 3 && codePoint < 0x800) || (length === 4 && codePoint < 0x10000)) return false
    if ((codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) return false
    i += length
  }
  return true
}

function startsWithBom(bytes: Uint8Array, start: number, end: number): boolean {
  return end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf
}

/** The position of the next `byte` at or after `from` (the length when there is none). */
function indexOfByte(data: Uint8Array, byte: number, from: number): number {
  let at = from
  while (at < data.length && data[at] !== byte) at++
  return at
}

function countLines(data: Uint8Array): number {
  let lines = 0
  for (let at = 0; at < data.length; at++) if (data[at] === 0x0a) lines++
  // A last line without its newline still holds a token.
  return data.length > 0 && data[data.length - 1] !== 0x0a ? lines + 1 : lines
}

const base64Values = new Int8Array(256).fill(-1)
for (const [index, char] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) base64Values[char.charCodeAt(0)] = index

/** Decodes base64 `source[start..end)` into `target` at `at`; returns the end of what was written. */
function decodeBase64(source: Uint8Array, start: number, end: number, target: Uint8Array, at: number): number {
  let buffer = 0
  let bits = 0
  for (let i = start; i < end; i++) {
    const value = base64Values[source[i]!]!
    if (value === -1) break // '=' padding
    buffer = ((buffer << 6) | value) & 0xffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      target[at++] = (buffer >> bits) & 0xff
    }
  }
  return at
}

function parseDecimal(source: Uint8Array, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) {
    const digit = source[i]! - 0x30
    if (digit < 0 || digit > 9) break // '\r'
    value = value * 10 + digit
  }
  return value
}
