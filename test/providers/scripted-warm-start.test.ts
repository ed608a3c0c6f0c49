// A YAML script read from the user cache is not parsed again on each run: a key's line is asked for only when an
// error needs it. Asking every key's line up front ran the YAML parser on every warm start (≈ +60 ms of `run` of the
// bundled suites, whose simulated users are scripted), which the cache exists to spare.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

const parses = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../src/io/lazy-require.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/io/lazy-require.ts')>()
  return {
    ...original,
    yamlModule: () => {
      const yaml = original.yamlModule()
      return { ...yaml, parseDocument: (...args: Parameters<typeof yaml.parseDocument>) => (parses.count++, yaml.parseDocument(...args)) }
    },
  }
})

const { readDocument } = await import('../../src/io/read-document.ts')
const { createProvider } = await import('../../src/providers/scripted.ts')

const cacheHome = process.env.XDG_CACHE_HOME
beforeAll(() => {
  process.env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), 'tg-cache-'))
})
afterAll(() => {
  if (cacheHome === undefined) delete process.env.XDG_CACHE_HOME
  else process.env.XDG_CACHE_HOME = cacheHome
})

it('a scripted model whose script the user cache holds runs no YAML parser', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tg-script-'))
  const file = join(dir, 'script.yaml')
  writeFileSync(file, 'small-talk:\n  - content: hello\nusd-to-eur:\n  - content: hi\n')
  readDocument(file)
  expect(parses.count).toBe(1)
  const provider = await createProvider(file, `scripted:${file}`, { cwd: dir })
  expect(provider.id).toBe(`scripted:${file}`)
  expect(parses.count).toBe(1)
})

it('the line of a key still comes when an error names it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tg-script-'))
  const file = join(dir, 'script.yaml')
  writeFileSync(file, 'small-talk:\n  - content: hello\nusd-to-eu:\n  - content: hi\n')
  readDocument(file)
  const provider = await createProvider(file, `scripted:${file}`, { cwd: dir })
  const cases = [{ suite: 's', id: 'usd-to-eur' }, { suite: 's', id: 'small-talk' }] as never
  expect(() => provider.checkCases?.(cases)).toThrow('script.yaml:3: no script for case "s/usd-to-eur" (did you mean key "usd-to-eu" for it?)')
})
