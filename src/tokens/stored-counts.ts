import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { deserialize, serialize } from 'node:v8'
import { hashText } from '../core/hash-text.ts'
import { readCacheEntry, writeCacheEntry } from '../io/disk-cache.ts'
import { packageFile, runningSources } from '../package-files.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/**
 * Token counts of text chunks kept in the user's cache between runs, per encoding. A suite's tool definitions are
 * the same text run after run, and counting them offline needs the encoding's rank table (5 MB read, or ~0.1 s to
 * build) and cold BPE code: together most of what counting costs a short run. With the counts stored, a run whose
 * tool texts were all counted before touches neither. The key names the encoding, gpt-tokenizer's version and a
 * hash of the counting code itself (countingCode), so a count is only reused where the same code would give it.
 * A count is stored under the SHA-256 of its chunk, never the chunk: tool descriptions may quote a secret (an MCP
 * server's `${VAR}` value), and the count must be of the text as sent, so the text is not redacted before counting.
 */
export type StoredCounts = {
  get(chunk: string): number | undefined
  set(chunk: string, count: number): void
}

/** The modules whose code decides a count: the counter's loader, the rank table and the merge (tested to be all the
 * tokens modules encodings.ts reaches, so a change to any of them is a new key). */
export const countingCode = ['encodings', 'bpe-table', 'bpe-count'] as const

/** Chunks kept per encoding; past that the oldest are dropped when the counts are written back. */
const entriesKept = 20_000

const stores = new Map<string, StoredCounts>()

/** The stored counts of an encoding, read on first use; new counts are written back when the process exits. */
export function storedCounts(encoding: string): StoredCounts {
  return getOrCreate(stores, encoding, () => openStore(encoding))
}

function openStore(encoding: string): StoredCounts {
  const key = storeKey(encoding)
  const { counts, replace } = readCounts(key)
  let added = false
  const writeOnExit = () => {
    if (added) return
    added = true
    process.once('exit', () => writeCounts(key, counts))
  }
  // An entry this module did not write (one keyed by chunk text, as before digests) is overwritten, not left behind.
  if (replace) writeOnExit()
  return {
    get: (chunk) => counts.get(chunkDigest(chunk)),
    set(chunk, count) {
      counts.set(chunkDigest(chunk), count)
      // A long run meeting ever new texts keeps at most twice what is written back.
      if (counts.size > 2 * entriesKept) dropOldest(counts)
      writeOnExit()
    },
  }
}

/** A chunk's key in the store: its SHA-256, base64 (44 characters). */
function chunkDigest(chunk: string): string {
  return createHash('sha256').update(chunk).digest('base64')
}

/** What chunkDigest gives: only such keys are read back (an entry keyed by text is not kept). */
const digestPattern = /^[A-Za-z0-9+/]{43}=$/

function storeKey(encoding: string): string {
  const require = createRequire(import.meta.url)
  const version = (require('gpt-tokenizer/package.json') as { version: string }).version
  // The counting code as this process runs it: the sources', or the build's (the CLI bundle is made from it).
  const code = countingCode.map((name) => readFileSync(packageFile(runningSources ? `src/tokens/${name}.ts` : `dist/tokens/${name}.js`), 'utf8'))
  return `chunk-counts ${encoding} gpt-tokenizer@${version} code ${hashText(code.join('\0'))}`
}

/** The stored counts, and whether an entry is there that is not ours (to be replaced at exit). */
function readCounts(key: string): { counts: Map<string, number>; replace: boolean } {
  const stored = readCacheEntry('tokens', key)
  if (stored) {
    try {
      const value = deserialize(stored) as unknown
      if (value instanceof Map && isCountMap(value)) return { counts: value, replace: false }
    } catch {
      // not an entry of ours: counted again, and replaced
    }
  }
  return { counts: new Map(), replace: stored !== undefined }
}

/** Whether a stored value is what this module writes: chunk digests to non-negative whole counts. */
function isCountMap(value: Map<unknown, unknown>): value is Map<string, number> {
  for (const [digest, count] of value) {
    if (typeof digest !== 'string' || !digestPattern.test(digest) || !Number.isSafeInteger(count) || (count as number) < 0) return false
  }
  return true
}

function writeCounts(key: string, counts: Map<string, number>): void {
  dropOldest(counts)
  writeCacheEntry('tokens', key, serialize(counts))
}

/** Keeps the newest `entriesKept` counts (a Map iterates in insertion order: what was read, then this run's). */
function dropOldest(counts: Map<string, number>): void {
  for (const chunk of counts.keys()) {
    if (counts.size <= entriesKept) break
    counts.delete(chunk)
  }
}
