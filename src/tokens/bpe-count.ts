import type { BpeTable } from './bpe-table.ts'

// Counting with a rank table (bpe-table.ts holds the table): split, look a piece up whole, else byte-pair merge it.

/**
 * Counts the tokens of `text` the way gpt-tokenizer 4.0.0's `countTokens(text, { disallowedSpecial: new Set() })`
 * does (special-token literals are ordinary text): split with the encoding's pattern; a piece that is a token is
 * one; any other piece is byte-pair merged — the adjacent pair of lowest rank first — and its parts counted.
 */
export function countWithTable(table: BpeTable, splitPattern: RegExp, text: string): number {
  let count = 0
  for (const [piece] of text.matchAll(splitPattern)) count += countPiece(table, piece)
  return count
}

const encoder = new TextEncoder()
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
let scratch = new Uint8Array(1024)

function countPiece(table: BpeTable, piece: string): number {
  if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3)
  const length = encoder.encodeInto(piece, scratch).written
  // gpt-tokenizer looks a whole piece up as a string: a piece with a lone surrogate is never a token as such (its
  // bytes, with U+FFFD for the surrogate, are still merged below); one ASCII character always is.
  if (piece.length === 1 && piece.charCodeAt(0) <= 0x7f) return 1
  if (table.stringRank(scratch, 0, length) !== -1 && !loneSurrogate.test(piece)) return 1
  return mergedParts(table, scratch, length)
}

/**
 * The number of parts byte-pair merging leaves of `bytes[0..length)`: tiktoken's `_byte_pair_merge` — the adjacent
 * pair of lowest rank is merged first, the leftmost of equal ranks — in O(n log n): the parts are a linked list
 * (each named by its first byte's offset) and the candidate pairs a min-heap of (rank, offset); a pair whose rank
 * changed since it was pushed is skipped when it comes up. (A scan for the lowest pair per merge is quadratic:
 * 128k characters of punctuation, one piece, took 5 s.)
 */
function mergedParts(table: BpeTable, bytes: Uint8Array, length: number): number {
  if (length < 2) return length
  // next[i]: where the part after the part at i starts (length: none); prev[i]: the part before (-1: none).
  const next = new Int32Array(length)
  const prev = new Int32Array(length)
  // pairRank[i]: the rank of the part at i joined with the next one (-1: no token, or no next part).
  const pairRank = new Int32Array(length)
  for (let i = 0; i < length; i++) {
    next[i] = i + 1
    prev[i] = i - 1
  }
  const heap = new PairHeap()
  const rankPair = (at: number): void => {
    const after = next[at]!
    const rank = after < length ? table.bytesRank(bytes, at, next[after]!) : -1
    pairRank[at] = rank
    if (rank !== -1) heap.push(rank * offsetSpan + at)
  }
  for (let i = 0; i < length; i++) rankPair(i)
  let parts = length
  while (heap.size > 0) {
    const key = heap.pop()
    const at = key % offsetSpan
    // A stale entry: the part at `at` was merged into its left neighbour, or its pair changed since.
    if (pairRank[at] !== (key - at) / offsetSpan) continue
    const removed = next[at]!
    const after = next[removed]!
    next[at] = after
    if (after < length) prev[after] = at
    pairRank[removed] = -1
    parts--
    rankPair(at)
    if (prev[at]! >= 0) rankPair(prev[at]!)
  }
  return parts
}

// A heap entry is one number, rank × 2³² + offset (exact: ranks < 2²¹, offsets < 2³²), so its order is by rank,
// then offset: the leftmost pair of equal ranks first.
const offsetSpan = 2 ** 32

/** A binary min-heap of pair entries (see offsetSpan). */
class PairHeap {
  private readonly keys: number[] = []

  get size(): number {
    return this.keys.length
  }

  push(key: number): void {
    const keys = this.keys
    let at = keys.length
    keys.push(key)
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (keys[parent]! <= key) break
      keys[at] = keys[parent]!
      at = parent
    }
    keys[at] = key
  }

  /** Removes the smallest entry and returns it. */
  pop(): number {
    const keys = this.keys
    const top = keys[0]!
    const last = keys.pop()!
    const size = keys.length
    if (size === 0) return top
    let at = 0
    for (;;) {
      let child = 2 * at + 1
      if (child >= size) break
      if (child + 1 < size && keys[child + 1]! < keys[child]!) child++
      if (keys[child]! >= last) break
      keys[at] = keys[child]!
      at = child
    }
    keys[at] = last
    return top
  }
}
