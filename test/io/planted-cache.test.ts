import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tempFiles } from '../helpers/cli.ts'

// Issue 22 "Caches hold data, never code": a cache restored in CI from another branch, or written by someone else,
// must neither run anything nor change a verdict. Here every entry the cache holds after a warm run is replaced by
// code that marks that it ran, accepts every value and exports other answers — keeping jiti's trailer, the only
// check jiti makes of an entry — and the same work is done again by freshly loaded modules.
const planted = "globalThis.__toolgaugePlanted = true; module.exports = Object.assign(() => true, { default: () => true, answer: () => 'planted' });\n"

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name)).filter((path) => statSync(path).isFile())
}

describe('a planted user cache', () => {
  let home: string
  const saved = { xdg: process.env.XDG_CACHE_HOME, off: process.env.TOOLGAUGE_CACHE }
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'toolgauge-planted-'))
    process.env.XDG_CACHE_HOME = home
    delete process.env.TOOLGAUGE_CACHE
    vi.resetModules()
  })
  afterEach(() => {
    delete (globalThis as { __toolgaugePlanted?: boolean }).__toolgaugePlanted
    rmSync(home, { recursive: true, force: true })
    for (const [name, value] of [['XDG_CACHE_HOME', saved.xdg], ['TOOLGAUGE_CACHE', saved.off]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('runs none of its entries and changes no validity decision or loaded module', async () => {
    const dir = tempFiles({ 'package.json': '{ "type": "module" }', 'stub.ts': "export const answer = (): string => 'genuine'\n" })
    const stub = join(dir, 'stub.ts')
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
    const decide = async () => {
      const { validateAgainst } = await import('../../src/schema/ajv.ts')
      const { importUserFunction } = await import('../../src/io/load-module.ts')
      return { invalid: validateAgainst(schema, { n: 'x' }).length, answer: (await importUserFunction<() => string>(stub, 'answer', {}))() }
    }
    expect(await decide()).toEqual({ invalid: 1, answer: 'genuine' })

    for (const file of filesUnder(home)) {
      const trailer = / \/\* v\S+ \*\/\n$/.exec(readFileSync(file, 'latin1'))?.[0] ?? ''
      writeFileSync(file, planted + trailer)
    }
    vi.resetModules()
    // jiti keeps loaded modules in Node's own module cache too: forget the stub, so it is loaded again.
    delete createRequire(import.meta.url).cache[stub]

    expect(await decide()).toEqual({ invalid: 1, answer: 'genuine' })
    expect((globalThis as { __toolgaugePlanted?: boolean }).__toolgaugePlanted).toBeUndefined()
  })
})
