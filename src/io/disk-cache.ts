import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { warnOnce } from '../core/warnings.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { hashText } from '../core/hash-text.ts'

/**
 * The user's toolgauge cache: `$XDG_CACHE_HOME/toolgauge/<part>` (default `~/.cache`), mode 700, holding data that
 * is costly to rebuild on every run and depends only on inputs named in its key — parsed YAML values, BPE rank
 * tables — and never code: nothing read from it is executed (issue 22; ajv validators are compiled
 * in the process, `.ts` modules transformed each run). A cache is only ever a shortcut: every entry is keyed by a
 * hash of everything it was made from (the input's text, the library's version, the options) and checked when read,
 * so a changed input misses and is rebuilt the normal way; any failure to read or write it is ignored. Deleting the
 * folder is always safe. `TOOLGAUGE_CACHE=off` turns it off (nothing read, nothing written).
 */

/** A folder's owner and permission bits, as `fs.statSync` gives them. */
export type FolderStat = { uid: number; mode: number }

/**
 * Why a cache folder is not to be trusted, or undefined: it must belong to the current user and be writable by no
 * one else, or another user could plant entries in it. No check where the platform has no uids (Windows).
 */
export function untrustedFolderReason(stat: FolderStat, uid: number | undefined): string | undefined {
  if (uid === undefined) return undefined
  if (stat.uid !== uid) return `it belongs to uid ${stat.uid}, not to you (uid ${uid})`
  if ((stat.mode & 0o022) !== 0) return `group or others may write to it (mode ${(stat.mode & 0o777).toString(8)}; chmod 700 fixes it)`
  return undefined
}

/** The cache folder of one part (made on first use), or undefined when caching is off, the folder cannot be made or is not trusted. */
export function cacheFolder(part: string): string | undefined {
  if (process.env.TOOLGAUGE_CACHE === 'off') return undefined
  const root = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolgauge')
  const dir = join(root, part)
  const known = getOrCreate(folders, dir, () => checkedFolder(root, dir))
  // Said each time it is looked up, so each run whose work uses it is told (once: core/warnings.ts).
  if (known.untrusted) warnOnce(`cache folder\0${known.untrusted.path}`, `not using the cache folder ${known.untrusted.path}: ${known.untrusted.reason}`)
  return known.usable ? dir : undefined
}

/** What this process found of a cache folder: whether it is used, and the folder not trusted when that is why not. */
type CheckedFolder = { readonly usable: boolean; readonly untrusted?: { readonly path: string; readonly reason: string } }

/** Folders this process made or checked (a run reads hundreds of entries; one check per folder is enough). */
const folders = new Map<string, CheckedFolder>()

function checkedFolder(root: string, dir: string): CheckedFolder {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    for (const path of [root, dir]) {
      const reason = untrustedFolderReason(statSync(path), process.getuid?.())
      if (reason) return { usable: false, untrusted: { path, reason } }
    }
    return { usable: true }
  } catch {
    // a folder that cannot be made or read: no cache
    return { usable: false }
  }
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

/** Removes the entry stored under `key` in the cache part, if any (failures are ignored, like every cache failure). */
export function removeCacheEntry(part: string, key: string): void {
  const dir = cacheFolder(part)
  if (!dir) return
  try {
    unlinkSync(join(dir, hashText(key)))
  } catch {
    // no entry, or one that cannot be removed
  }
}

/** Entries kept per part before the oldest half is removed (checked only when writing, which a warm run never does). */
const entriesKept = 4000

/**
 * Stores what `data` gives under `key`: written to a temporary name and renamed, so a reader never sees half an entry
 * (two processes writing the same key both write the same bytes). `data` runs only when caching is on (the rank
 * table's bytes are a 5 MB copy); failures, its own included, are ignored: the next run rebuilds.
 */
export function writeCacheEntry(part: string, key: string, data: () => Uint8Array): void {
  const dir = cacheFolder(part)
  if (!dir) return
  const file = join(dir, hashText(key))
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  try {
    writeFileSync(temporary, data(), { mode: 0o600 })
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
