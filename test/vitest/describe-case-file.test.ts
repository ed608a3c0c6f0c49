import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import { parse } from 'yaml'
import { describeSuite } from '../../src/vitest/index.ts'
import { projectRoot } from '../helpers/shared-data.ts'

// describeSuite over the bundled weather suite twice: as it is (YAML), and with its cases in a JSON Lines case file.
// Both register the same tests, and every test of the two ends with the same result (compared after they ran).
const dir = mkdtempSync(join(tmpdir(), 'toolgauge-describe-case-file-'))
cpSync(join(projectRoot, 'suites', 'weather'), dir, { recursive: true })
const suite = parse(readFileSync(join(dir, 'suite.yaml'), 'utf8')) as { cases: unknown[] }
writeFileSync(join(dir, 'cases.jsonl'), `${suite.cases.map((testCase) => JSON.stringify(testCase)).join('\n')}\n`)
writeFileSync(join(dir, 'suite.json'), JSON.stringify({ ...suite, cases: './cases.jsonl' }))
rmSync(join(dir, 'suite.yaml'))

const options = { model: 'baseline', cases: ['current-*', 'forecast-*'], concurrency: 2 } as const
describeSuite(join(projectRoot, 'suites', 'weather', 'suite.yaml'), options)
describeSuite(join(dir, 'suite.json'), options)

type Task = { type: string; name: string; tasks?: Task[]; meta: TaskMeta; result?: { state?: string } }

/** The tests of each describeSuite block of this file, by the block's place. */
function blocks(file: { tasks: readonly unknown[] }): Task[][] {
  const suites = (file.tasks as Task[]).filter((task) => task.type === 'suite' && task.name !== 'a case file')
  return suites.map((block) => (block.tasks ?? []).filter((task) => task.type === 'test'))
}

describe('a case file', () => {
  it('registers the tests the same suite registers as YAML', ({ task }) => {
    const [fromYaml, fromCaseFile] = blocks(task.file)
    expect(fromYaml!.length).toBeGreaterThan(3)
    expect(fromCaseFile!.map((test) => test.name)).toEqual(fromYaml!.map((test) => test.name))
  })
})

afterAll(({}, file) => {
  try {
    const [fromYaml, fromCaseFile] = blocks(file as unknown as { tasks: readonly unknown[] })
    const results = (tests: readonly Task[]) => tests.map((test) => {
      // The fingerprint hashes the suite's place on disk, which differs here (test/runner/json-suites.test.ts runs
      // both forms from one folder and compares fingerprints too).
      const { latencyMs: _latency, fingerprint: _fingerprint, ...result } = test.meta.toolgauge!.result
      return { state: test.result?.state, result }
    })
    expect(results(fromCaseFile!)).toEqual(results(fromYaml!))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
