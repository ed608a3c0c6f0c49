import { InputError } from '../core/errors.ts'

/** One share of a sharded run: `--shard 2/4` → { index: 2, count: 4 } (1-based). */
export type Shard = { readonly index: number; readonly count: number }

/** Parses `i/n` with 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index < 1 || index > count) throw new InputError(`expected i/n with 1 <= i <= n, got "${text}"`, { field: '--shard' })
  return { index, count }
}

/**
 * Whether a case belongs to a shard. The split hashes `suite/case` (FNV-1a), so it is deterministic, independent
 * of the order suites were given, and keeps every model and repeat of a case in the same shard.
 */
export function inShard(suite: string, caseId: string, shard: Shard | undefined): boolean {
  if (!shard || shard.count === 1) return true
  let hash = 0x811c9dc5
  for (const char of `${suite}/${caseId}`) {
    hash ^= char.codePointAt(0) as number
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % shard.count === shard.index - 1
}
