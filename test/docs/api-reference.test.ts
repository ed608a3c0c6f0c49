import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiReference, entries } from '../../scripts/api-reference.ts'
import { projectRoot } from '../helpers/shared-data.ts'

describe('docs/api.md', () => {
  it('lists every export of toolgauge, toolgauge/vitest and toolgauge/vitest/reporter as the sources have them (npm run docs:api)', () => {
    const generated = apiReference(projectRoot)
    expect(generated).toMatch(/`describeSuite` \| function/)
    expect(generated).toMatch(/`runCase` \| function/)
    expect(generated).toMatch(/## `toolgauge\/vitest\/reporter`\n[\s\S]*`default` \| class/)
    expect(readFileSync(join(projectRoot, 'docs/api.md'), 'utf8')).toBe(generated)
  }, 120_000)
  it('lists as a class, function or const only what the entry exports at run time (a type-only re-export is no value to import)', async () => {
    const documented = readFileSync(join(projectRoot, 'docs/api.md'), 'utf8').split(/^## /m).slice(1)
    const missing: string[] = []
    for (const entry of entries) {
      const section = documented.find((text) => text.startsWith(`\`${entry.specifier}\`\n`)) ?? ''
      const runtime = new Set(Object.keys(await import(join(projectRoot, entry.file))))
      for (const [, name, kind] of section.matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)) {
        if (['class', 'function', 'const', 'value'].includes(kind as string) && !runtime.has(name as string)) missing.push(`${entry.specifier}: ${name}`)
      }
    }
    expect(missing).toEqual([])
  }, 120_000)
})
