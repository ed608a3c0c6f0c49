// The repository layout the README promises: an example scripted model in fixtures/, reports/ git-ignored but for
// its README.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

describe('repository layout', () => {
  it('fixtures/ holds an example scripted model that runs the weather suite (two failures on purpose)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'toolgauge-layout-'))
    const { code } = await runMain(['run', join(projectRoot, 'suites/weather'), '--model', `scripted:${join(projectRoot, 'fixtures/scripted/weather.yaml')}`, '--out', out])
    expect(code).toBe(1)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { case: string; passed: boolean; failures: { kind: string }[] }[] }
    expect(report.results).toHaveLength(11)
    const failing = report.results.filter((result) => !result.passed).map((result) => [result.case, result.failures[0]?.kind]).sort()
    expect(failing).toEqual([['forecast-days', 'hallucinated_param'], ['tool-choice-none', 'unexpected_call']])
  })

  it('reports/ is ignored by git except its README, which explains the files', () => {
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '-q', path], { cwd: projectRoot }).status === 0
    expect(ignored('reports/latest/report.json')).toBe(true)
    expect(ignored('reports/README.md')).toBe(false)
    expect(existsSync(join(projectRoot, 'reports/README.md'))).toBe(true)
    expect(readFileSync(join(projectRoot, 'reports/README.md'), 'utf8')).toContain('results.jsonl')
  })
})
