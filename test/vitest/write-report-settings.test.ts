import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { runCase } from '../../src/runner/run-one-case.ts'
import { writeVitestReport } from '../../src/vitest/write-report.ts'

// Two describeSuite calls (two test files) that ran one spec at different settings: the reporter kept the last
// file's settings, so report.json claimed temperature 0.7 for results half decided at 0. toolgauge merge refuses to
// pool such reports; the reporter leaves the spec out of run.modelSettings (merge's rule for an unrecorded spec) and says why.
const root = mkdtempSync(join(tmpdir(), 'toolgauge-vitest-settings-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the vitest reporter\'s run.modelSettings and run.suiteModelSettings', () => {
  it('leave out a spec two test files ran with different settings, naming the spec, the setting and both files on stderr', async () => {
    const suite = resolve('examples/descriptions/suite.yaml')
    const { result } = await runCase({ suite, case: 'status-shipped', model: 'baseline', variant: 'base' })
    const meta = (testFile: string, temperature: number) => ({ result, suiteFile: suite, testFile: join(root, testFile), models: ['baseline'], repeats: 1, modelSettings: { baseline: { temperature }, other: { seed: 1 } }, suiteModelSettings: { 'openai:judge': { temperature }, 'openai:user': { seed: 2 } }, toolSets: {} })
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      const { report } = await writeVitestReport([meta('a.test.ts', 0), meta('a.test.ts', 0), meta('b.test.ts', 0.7)], { root, startedAt: new Date() })
      expect(report.run.modelSettings).toEqual({})
      expect(report.run.suiteModelSettings).toEqual({ 'openai:user': { seed: 2 } })
      const said = stderr.mock.calls.map(([text]) => String(text)).join('')
      expect(said).toContain('"baseline" ran with temperature 0.7 in b.test.ts but 0 in a.test.ts')
      expect(said).toContain('"openai:judge" ran with temperature 0.7 in b.test.ts but 0 in a.test.ts')
      expect(said.split('\n').filter(Boolean)).toHaveLength(2)
    } finally {
      stderr.mockRestore()
    }
  })
})
