import type { EncodingName } from '../../src/tokens/encodings.ts'

type Encoder = { countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number }

// gpt-tokenizer's own encoders: the reference the rank tables (src/tokens/bpe-table.ts) are tested against.
const references: Record<Exclude<EncodingName, 'o200k_harmony'>, () => Promise<Encoder>> = {
  o200k_base: async () => (await import('gpt-tokenizer/encoding/o200k_base')).default as Encoder,
  cl100k_base: async () => (await import('gpt-tokenizer/encoding/cl100k_base')).default as Encoder,
}

/** Uncached, unchunked count: the reference the chunked counter is tested against. */
export async function directCount(encoding: EncodingName, text: string): Promise<number> {
  const encoder = await references[encoding === 'o200k_harmony' ? 'o200k_base' : encoding]()
  return encoder.countTokens(text, { disallowedSpecial: new Set() })
}
