import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheFolder, readCacheEntry, untrustedFolderReason, writeCacheEntry } from '../../src/io/disk-cache.ts'

describe('the user cache', () => {
  let home: string
  const saved = { xdg: process.env.XDG_CACHE_HOME, off: process.env.TOOLGAUGE_CACHE }
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'toolgauge-cache-'))
    process.env.XDG_CACHE_HOME = home
    delete process.env.TOOLGAUGE_CACHE
  })
  afterEach(() => {
    rmSync(home, { recursive: true, force: true })
    for (const [name, value] of [['XDG_CACHE_HOME', saved.xdg], ['TOOLGAUGE_CACHE', saved.off]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('gives back what was stored under the same key only, from a private folder under $XDG_CACHE_HOME/toolgauge', () => {
    writeCacheEntry('part', 'key one', () => Uint8Array.of(1, 2, 3))
    expect([...readCacheEntry('part', 'key one')!]).toEqual([1, 2, 3])
    expect(readCacheEntry('part', 'key two')).toBeUndefined()
    expect(readCacheEntry('other', 'key one')).toBeUndefined()
    const dir = cacheFolder('part')!
    expect(dir).toBe(join(home, 'toolgauge', 'part'))
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    // One entry, no temporary file left behind; the name is a hash, never the key (keys may hold paths).
    expect(readdirSync(dir)).toHaveLength(1)
    expect(readdirSync(dir)[0]).toMatch(/^[0-9a-f]{64}$/)
  })

  it('reads and writes nothing with TOOLGAUGE_CACHE=off, and ignores a folder it cannot make', () => {
    writeCacheEntry('part', 'key', () => Uint8Array.of(1))
    process.env.TOOLGAUGE_CACHE = 'off'
    expect(readCacheEntry('part', 'key')).toBeUndefined()
    // Nothing is built to be stored (the rank table's bytes are a 5 MB copy).
    const data = vi.fn(() => Uint8Array.of(2))
    writeCacheEntry('part', 'new key', data)
    expect(data).not.toHaveBeenCalled()
    delete process.env.TOOLGAUGE_CACHE
    expect(readCacheEntry('part', 'new key')).toBeUndefined()
    // A cache home that is a file: the folder cannot be made.
    const file = join(home, 'a-file')
    writeFileSync(file, '')
    process.env.XDG_CACHE_HOME = file
    expect(() => writeCacheEntry('part', 'key', () => Uint8Array.of(1))).not.toThrow()
    process.env.XDG_CACHE_HOME = home
    // Bytes that cannot be made (a value the serializer cannot hold) are not stored, and nothing is thrown.
    expect(() => writeCacheEntry('part', 'unserializable', () => { throw new TypeError('cannot serialize') })).not.toThrow()
    expect(readCacheEntry('part', 'unserializable')).toBeUndefined()
    process.env.XDG_CACHE_HOME = file
    expect(readCacheEntry('part', 'key')).toBeUndefined()
  })

  it('is not used when others may write to its folder, with one warning line', () => {
    mkdirSync(join(home, 'toolgauge', 'part'), { recursive: true, mode: 0o700 })
    writeCacheEntry('part', 'key', () => Uint8Array.of(1))
    const open = mkdtempSync(join(tmpdir(), 'toolgauge-cache-open-'))
    mkdirSync(join(open, 'toolgauge', 'part'), { recursive: true })
    chmodSync(join(open, 'toolgauge'), 0o777)
    process.env.XDG_CACHE_HOME = open
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      writeCacheEntry('part', 'key', () => Uint8Array.of(1))
      expect(readCacheEntry('part', 'key')).toBeUndefined()
      expect(readCacheEntry('other', 'key')).toBeUndefined()
      expect(readdirSync(join(open, 'toolgauge', 'part'))).toEqual([])
      const lines = stderr.mock.calls.map(([text]) => String(text))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^warning: not using the cache folder .*toolgauge: group or others may write to it \(mode 777; chmod 700 fixes it\)\n$/)
    } finally {
      stderr.mockRestore()
      rmSync(open, { recursive: true, force: true })
    }
  })

  it('trusts only a folder of the current user that no one else may write to', () => {
    expect(untrustedFolderReason({ uid: 501, mode: 0o40700 }, 501)).toBeUndefined()
    expect(untrustedFolderReason({ uid: 501, mode: 0o40755 }, 501)).toBeUndefined()
    expect(untrustedFolderReason({ uid: 0, mode: 0o40700 }, 501)).toBe('it belongs to uid 0, not to you (uid 501)')
    expect(untrustedFolderReason({ uid: 501, mode: 0o40770 }, 501)).toMatch(/group or others may write to it \(mode 770/)
    expect(untrustedFolderReason({ uid: 501, mode: 0o40702 }, 501)).toMatch(/mode 702/)
    // Windows has no uids: nothing to check.
    expect(untrustedFolderReason({ uid: 0, mode: 0o40777 }, undefined)).toBeUndefined()
  })
})
