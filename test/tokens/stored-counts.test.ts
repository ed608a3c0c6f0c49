import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deserialize, serialize } from 'node:v8'
import { afterAll, describe, expect, it } from 'vitest'
import { countingCode } from '../../src/tokens/stored-counts.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const home = mkdtempSync(join(tmpdir(), 'toolgauge-counts-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))

/** Counts texts with o200k in a process of its own (the stored counts are read once per process, written at exit). */
function countInChild(texts: string[]): number[] {
  const script = join(home, 'count.mts')
  writeFileSync(script, `import { textCounter } from ${JSON.stringify(join(root, 'src/tokens/encodings.ts'))}\nconst count = await textCounter('o200k_base')\nconsole.log(JSON.stringify(${JSON.stringify(texts)}.map(count)))\n`)
  const child = spawnSync(process.execPath, [join(root, 'bin/run-ts.mjs'), script], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: home } })
  expect(child.status, child.stderr).toBe(0)
  return JSON.parse(child.stdout) as number[]
}

/** A chunk's key in the store: the SHA-256 of its text, base64 — never the text itself. */
const digest = (text: string): string => createHash('sha256').update(text).digest('base64')

/** The tokens folder also holds rank tables (not v8 images). */
function isStoredMap(file: string): boolean {
  try {
    return deserialize(readFileSync(file)) instanceof Map
  } catch {
    return false
  }
}

describe('token counts stored between runs', () => {
  it('are written when a process counts, and read back by the next one for the same chunk only', () => {
    const texts = ['get_weather: Current weather for a city', 'A second description']
    const first = countInChild(texts)
    const folder = join(home, 'toolgauge', 'tokens')
    const entries = readdirSync(folder).map((name) => join(folder, name)).filter(isStoredMap)
    expect(entries).toHaveLength(1)
    const stored = deserialize(readFileSync(entries[0]!)) as Map<string, number>
    expect(stored.get(digest(texts[0]!))).toBe(first[0])
    expect([...stored.keys()].filter((key) => texts.includes(key))).toEqual([])
    // A count in the store is used as it stands (so a warm run reads no rank table): a forged one shows through,
    // while a text never counted is counted.
    stored.set(digest(texts[0]!), 999)
    writeFileSync(entries[0]!, serialize(stored))
    expect(countInChild([...texts, 'never counted before'])).toEqual([999, first[1], expect.any(Number)])
  }, 120_000)

  it('replace an entry keyed by chunk text (as stored before digests) even when the run counts nothing new', () => {
    const texts = ['kept as a digest only']
    countInChild(texts)
    const folder = join(home, 'toolgauge', 'tokens')
    const entry = readdirSync(folder).map((name) => join(folder, name)).find(isStoredMap)!
    writeFileSync(entry, serialize(new Map([['old text holding sk-old-format-1234', 5]])))
    expect(countInChild([])).toEqual([])
    expect(readFileSync(entry).includes('sk-old-format-1234')).toBe(false)
  }, 120_000)

  it('are keyed by every tokens module the counter reaches, so changing any of them counts again', () => {
    // Walks encodings.ts's relative imports within src/tokens (the store itself aside): the code a count comes from.
    const reached = new Set<string>()
    const visit = (name: string): void => {
      if (reached.has(name) || name === 'stored-counts') return
      reached.add(name)
      const text = readFileSync(join(root, 'src/tokens', `${name}.ts`), 'utf8')
      for (const [, imported] of text.matchAll(/from '\.\/([\w-]+)\.ts'/g)) visit(imported!)
    }
    visit('encodings')
    expect([...countingCode].sort()).toEqual([...reached].sort())
  })
})
