import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The user's toolgauge cache: `$XDG_CACHE_HOME/toolgauge/<part>` (default `~/.cache`), mode 700, holding what is
 * costly to rebuild on every run and depends only on inputs named in its key — compiled `.ts` modules (jiti),
 * parsed YAML, compiled argument validators, BPE rank tables. A cache is only ever a shortcut: every entry is
 * keyed by a hash of everything it was made from (the input's text, the library's version, the options), so a
 * changed input misses and is rebuilt the normal way; any failure to read or write it is ignored. Deleting the
 * folder is always safe. `TOOLGAUGE_CACHE=off` turns it off (nothing read, nothing written).
 */

/** The cache folder of one part (made on first use), or undefined when caching is off or the folder cannot be made. */
export function cacheFolder(part: string): string | undefined {
  if (process.env.TOOLGAUGE_CACHE === 'off') return undefined
  const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolgauge', part)
  if (made.has(dir)) return dir
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    made.add(dir)
    return dir
  } catch {
    return undefined
  }
}

/** Folders this process made or found (a run reads hundreds of entries; one mkdir per folder is enough). */
const made = new Set<string>()

/** sha256 of a text, hex: what cache keys and file names are made of. */
export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}

/** The bytes stored under `key` in the cache part, or undefined (no entry, caching off, unreadable). */
export function readCacheEntry(part: string, key: string): Buffer | undefined {
  const dir = cacheFolder(part)
  if (!dir) return undefined
  try {
    return readFileSync(join(dir, hashText(key)))
  } catch {
    return undefined
  }
}

/** Entries kept per part before the oldest half is removed (checked only when writing, which a warm run never does). */
const entriesKept = 4000

/**
 * Stores `data` under `key`: written to a temporary name and renamed, so a reader never sees half an entry (two
 * processes writing the same key both write the same bytes). Failures are ignored: the next run rebuilds.
 */
export function writeCacheEntry(part: string, key: string, data: Uint8Array): void {
  const dir = cacheFolder(part)
  if (!dir) return
  const file = join(dir, hashText(key))
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  try {
    writeFileSync(temporary, data, { mode: 0o600 })
    renameSync(temporary, file)
    if (!checked.has(dir)) {
      checked.add(dir)
      pruneIfFull(dir)
    }
  } catch {
    try {
      unlinkSync(temporary)
    } catch {
      // nothing was written
    }
  }
}

/** Parts already checked for size by this process (once is enough: a run adds at most its own inputs). */
const checked = new Set<string>()

/** Keeps a part from growing without end (one entry per distinct input ever seen): drops the least recently written half. */
function pruneIfFull(dir: string): void {
  const names = readdirSync(dir)
  if (names.length <= entriesKept) return
  const dated = names.map((name) => ({ name, time: statSync(join(dir, name)).mtimeMs })).sort((a, b) => a.time - b.time)
  for (const { name } of dated.slice(0, dated.length - entriesKept / 2)) unlinkSync(join(dir, name))
}
