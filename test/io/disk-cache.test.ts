import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheFolder, readCacheEntry, writeCacheEntry } from '../../src/io/disk-cache.ts'

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
    writeCacheEntry('part', 'key one', Uint8Array.of(1, 2, 3))
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
    writeCacheEntry('part', 'key', Uint8Array.of(1))
    process.env.TOOLGAUGE_CACHE = 'off'
    expect(readCacheEntry('part', 'key')).toBeUndefined()
    writeCacheEntry('part', 'new key', Uint8Array.of(2))
    delete process.env.TOOLGAUGE_CACHE
    expect(readCacheEntry('part', 'new key')).toBeUndefined()
    // A cache home that is a file: the folder cannot be made.
    const file = join(home, 'a-file')
    writeFileSync(file, '')
    process.env.XDG_CACHE_HOME = file
    expect(() => writeCacheEntry('part', 'key', Uint8Array.of(1))).not.toThrow()
    expect(readCacheEntry('part', 'key')).toBeUndefined()
  })
})
