import { bpeTable } from './bpe-table.ts'
import { countWithTable } from './bpe-count.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** The BPE encodings toolgauge counts with offline (gpt-tokenizer ships all of them). */
export type EncodingName = 'o200k_base' | 'cl100k_base' | 'o200k_harmony'

/** Counts the tokens of ordinary text (special-token literals count as text, as the APIs treat user text). */
export type TextCounter = (text: string) => number

// Counting: the encoding's rank table (gpt-tokenizer's .tiktoken data file, bpe-table.ts; its encoder modules, the
// tests' reference, are 2.4 MB JavaScript literals: ~0.4 s CPU, ~60 MiB to load) and its split pattern. The table is
// read on the first chunk counted.
async function loadCounter(encoding: Exclude<EncodingName, 'o200k_harmony'>): Promise<(text: string) => number> {
  const constants = await import('gpt-tokenizer/encodingParams/constants')
  const pattern = encoding === 'o200k_base' ? constants.O200K_TOKEN_SPLIT_REGEX : constants.CL100K_TOKEN_SPLIT_REGEX
  return (text) => countWithTable(bpeTable(encoding), pattern, text)
}

const counters = new Map<EncodingName, Promise<TextCounter>>()

/** Memo entries kept per encoding before the memo is cleared (tool segments repeat across cases and leave-one-out). */
const memoLimit = 20_000

/**
 * Returns a memoized counter for `encoding`, loading the rank table once per process.
 * o200k_harmony shares o200k_base's ranks for ordinary text, so it reuses that table; the harmony renderer counts
 * its special tokens itself (gpt-tokenizer 4.0.0 only recognizes specials at position 0, see docs/tokens.md).
 */
export function textCounter(encoding: EncodingName): Promise<TextCounter> {
  const base = encoding === 'o200k_harmony' ? 'o200k_base' : encoding
  return getOrCreate(counters, base, () => loadCounter(base).then((countText) => memoize(countText)))
}

/**
 * A newline directly followed by a letter is always a pre-tokenizer cut in cl100k and o200k (no piece pattern
 * crosses it: letter runs may not start with \r or \n, newline runs stop at the letter), so BPE never merges
 * across it and a text's count is the sum of its chunks' counts. Tool blocks are mostly lines starting with a
 * letter, so re-counting a block with one tool left out re-tokenizes almost nothing.
 */
const chunkCut = /(?<=\n)(?=\p{L})/u

function memoize(countText: (text: string) => number): TextCounter {
  const memo = new Map<string, number>()
  const countChunk = (chunk: string): number => {
    const known = memo.get(chunk)
    if (known !== undefined) return known
    const count = countText(chunk)
    if (memo.size >= memoLimit) memo.clear()
    memo.set(chunk, count)
    return count
  }
  return (text) => {
    if (text === '') return 0
    if (!text.includes('\n')) return countChunk(text)
    let total = 0
    for (const chunk of text.split(chunkCut)) total += countChunk(chunk)
    return total
  }
}
