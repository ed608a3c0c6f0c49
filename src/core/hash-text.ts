import { createHash } from 'node:crypto'

/** sha256 of a text, hex: what cache keys, cache file names, fingerprints, ids and cassette keys are made of. */
export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}
