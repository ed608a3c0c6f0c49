import { InputError } from '../core/errors.ts'
import { optionNames, type OptionNames } from '../core/option-names.ts'

/** One share of a sharded run: `--shard 2/4` → { index: 2, count: 4 } (1-based). */
export type Shard = { readonly index: number; readonly count: number }

/** Parses the CLI's `--shard i/n`, 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  return checkShard({ index: Number(match?.[1]), count: Number(match?.[2]) }, optionNames({ optionNames: 'cli' }), `"${text}"`)
}

/** Whether a shard is one share of its count: whole numbers with 1 ≤ index ≤ count. */
export function isWholeShard({ index, count }: Shard): boolean {
  return Number.isInteger(index) && Number.isInteger(count) && index >= 1 && index <= count
}

/**
 * Any other shard, as runEvaluation's `shard` could be given, would select no case and run nothing. `given` is how
 * the user wrote it (the CLI's text; the library's object).
 */
export function checkShard(shard: Shard, names: OptionNames, given = JSON.stringify(shard)): Shard {
  if (!isWholeShard(shard)) throw new InputError(`expected index i of count n, whole numbers with 1 <= i <= n, got ${given}`, { field: names.shard })
  return shard
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
