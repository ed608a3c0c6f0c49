import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base'
import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base'
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants'
import { tryConvertToString } from 'gpt-tokenizer/utfUtil'
import { countWithTable } from '../../src/tokens/bpe-count.ts'
import { BpeTable, bpeTable } from '../../src/tokens/bpe-table.ts'
import { directCount } from './direct-count.ts'

const encodings = [
  { name: 'o200k_base', ranks: o200kRanks, pattern: O200K_TOKEN_SPLIT_REGEX },
  { name: 'cl100k_base', ranks: cl100kRanks, pattern: CL100K_TOKEN_SPLIT_REGEX },
] as const

const encoder = new TextEncoder()

describe('BPE rank tables from the .tiktoken files', () => {
  for (const { name, ranks, pattern } of encodings) {
    it(`hold exactly gpt-tokenizer's ranks, and its string entries are exactly the valid UTF-8 tokens (${name})`, () => {
      const table = bpeTable(name)
      expect(table.size).toBe(ranks.length)
      // Checked token by token, collected and compared once (200,000 expect() calls take seconds).
      const mismatches: string[] = []
      for (let index = 0; index < table.size; index++) {
        const rank = table.rankAt(index)
        const entry = ranks[rank]!
        const bytes = typeof entry === 'string' ? encoder.encode(entry) : Uint8Array.from(entry)
        const tableBytes = table.tokenBytes(index)
        // gpt-tokenizer keeps a token as a string when its bytes decode to it (decoding drops a leading BOM).
        const decodes = tryConvertToString(bytes) !== undefined && !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
        if (table.storedAsString(index) !== (typeof entry === 'string') || decodes !== (typeof entry === 'string')) mismatches.push(`storage of rank ${rank}`)
        if (tableBytes.length !== bytes.length || tableBytes.some((byte, at) => byte !== bytes[at])) mismatches.push(`bytes of rank ${rank}`)
        if (table.rankOf(bytes, 0, bytes.length) !== rank) mismatches.push(`lookup of rank ${rank}`)
      }
      expect(mismatches.slice(0, 10)).toEqual([])
    })

    it(`count like gpt-tokenizer on tricky and random text (${name})`, async () => {
      const table = bpeTable(name)
      const tricky = [
        '', 'a', ' ', '\n\n', 'Hello, world!', 'line one\r\nline two\n\n\nThird\n  indented\n\tTabbed', '<|endoftext|> and <|im_start|>',
        'Été 検索 🔍 Søg — ﷽ ẞ', '\uD800 lone \uDC00 surrogates \uD83D', '12345678901234567890', "don't I'LL we've", 'ааааааааааааааааааааааа',
        'x'.repeat(500), '\uFEFFusing namespace', '\uFEFF\uFEFF//', 'a\uFEFF\n\n', ' '.repeat(40), '{"type":"object","properties":{"city":{"type":"string"}}}',
      ]
      for (const text of tricky) expect(countWithTable(table, pattern, text), JSON.stringify(text)).toBe(await directCount(name, text))
      await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 80 })), async (text) => {
        expect(countWithTable(table, pattern, text)).toBe(await directCount(name, text))
      }), { numRuns: 400 })
    })
  }

  it('merge long single pieces in gpt-tokenizer\'s order (thousands of parts, many equal ranks)', async () => {
    const table = bpeTable('o200k_base')
    const pieces = fc.stringMatching(/^[!-\/:-@[-`{-~]{200,3000}$/)
    await fc.assert(fc.asyncProperty(pieces, async (text) => {
      expect(countWithTable(table, O200K_TOKEN_SPLIT_REGEX, text)).toBe(await directCount('o200k_base', text))
    }), { numRuns: 20 })
    for (const text of ['!'.repeat(2999), '.,'.repeat(1500), '=-'.repeat(700) + '*/'.repeat(800)]) {
      expect(countWithTable(table, O200K_TOKEN_SPLIT_REGEX, text)).toBe(await directCount('o200k_base', text))
    }
  })

  it('read back from its cache image, count exactly as built from the .tiktoken file; a damaged image is refused', () => {
    const file = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken')
    const built = BpeTable.fromTiktoken(readFileSync(file))
    const image = built.toBytes()
    // An image at an odd offset (as a Buffer from a pool may be) is copied to aligned memory, not refused.
    const shifted = new Uint8Array(image.length + 1).subarray(1)
    shifted.set(image)
    for (const copy of [BpeTable.fromBytes(image)!, BpeTable.fromBytes(shifted)!]) {
      expect(copy.size).toBe(built.size)
      for (const index of [0, 1, 255, 256, 1000, built.size - 1]) {
        expect(copy.rankAt(index)).toBe(built.rankAt(index))
        expect(copy.tokenBytes(index)).toEqual(built.tokenBytes(index))
        expect(copy.storedAsString(index)).toBe(built.storedAsString(index))
      }
      for (const text of ['Hello, world!', '{"type":"object","properties":{"city":{"type":"string"}}}', 'Été 検索 🔍']) {
        expect(countWithTable(copy, O200K_TOKEN_SPLIT_REGEX, text)).toBe(countWithTable(built, O200K_TOKEN_SPLIT_REGEX, text))
      }
    }
    expect(BpeTable.fromBytes(image.subarray(0, image.length - 1))).toBeUndefined()
    expect(BpeTable.fromBytes(new Uint8Array(8))).toBeUndefined()
    const foreign = image.slice()
    foreign[0] = foreign[0]! ^ 0xff
    expect(BpeTable.fromBytes(foreign)).toBeUndefined()
  })
})

