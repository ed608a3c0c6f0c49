import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiReference } from '../../scripts/api-reference.ts'
import { projectRoot } from '../helpers/shared-data.ts'

describe('docs/api.md', () => {
  it('lists every export of toolgauge, toolgauge/vitest and toolgauge/vitest/reporter as the sources have them (npm run docs:api)', () => {
    const generated = apiReference(projectRoot)
    expect(generated).toMatch(/`describeSuite` \| function/)
    expect(generated).toMatch(/`runCase` \| function/)
    expect(generated).toMatch(/## `toolgauge\/vitest\/reporter`\n[\s\S]*`default` \| class/)
    expect(readFileSync(join(projectRoot, 'docs/api.md'), 'utf8')).toBe(generated)
  }, 120_000)
})
