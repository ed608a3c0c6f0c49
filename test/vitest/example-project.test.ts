// examples/vitest as a user runs it: toolgauge installed by path (the link `npm install ../..` makes), vitest
// running the project's evals with the built `toolgauge/vitest` entry and reporter. The passing run must pass and
// write the same report.json as `toolgauge run` on the same cases; the expected-failure run must fail exactly the
// tests meant to fail, each naming its failure kind.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { buildOnce } from '../helpers/build-once.ts'
import { runMain, runVitest } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

let project = ''

beforeAll(() => {
  buildOnce()
  project = mkdtempSync(join(tmpdir(), 'toolgauge-vitest-example-'))
  cpSync(join(projectRoot, 'examples/vitest'), project, { recursive: true, filter: (source) => !/node_modules|reports/.test(source) })
  mkdirSync(join(project, 'node_modules'))
  symlinkSync(projectRoot, join(project, 'node_modules/toolgauge'), 'dir')
  symlinkSync(join(projectRoot, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir')
}, 600_000)

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

/** Runs the project's vitest (the one its node_modules links to) with the given arguments. */
function vitest(args: readonly string[]) {
  const result = runVitest(args, { cwd: project, vitestRoot: project, timeout: 300_000 })
  return { code: result.status, output: `${result.stdout}\n${result.stderr}` }
}

/** A report without what differs between two runs of the same cases: timings, dates and where it ran from. */
function withoutTimings(report: Report): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip)
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).filter(([key]) => !/latency/i.test(key)).map(([key, inner]) => [key, strip(inner)]))
  }
  return { results: strip(report.results), summary: strip(report.summary), gates: report.gates, toolSets: report.toolSets, models: report.run.models, repeat: report.run.repeat }
}

describe('examples/vitest', () => {
  it('passes its evals, and its report.json equals toolgauge run on the same cases (but for timings)', async () => {
    const run = vitest([])
    expect(run.output).toMatch(/support\/where-is-my-order \[baseline\]|Tests\s+\d+ passed/)
    expect(run.code, run.output).toBe(0)
    const fromVitest = JSON.parse(readFileSync(join(project, 'reports/vitest/report.json'), 'utf8')) as Report
    expect(fromVitest.results.map((result) => `${result.suite}/${result.case}`)).toEqual(['support/where-is-my-order', 'support/refund-damaged', 'support/refund-late', 'support/small-talk'])

    const cli = await runMain(['run', join(project, 'suites/support'), '--model', 'baseline', '--out', join(project, 'reports/run')])
    expect(cli.code, cli.stderr).toBe(0)
    const fromRun = JSON.parse(readFileSync(join(project, 'reports/run/report.json'), 'utf8')) as Report
    expect(withoutTimings(fromVitest)).toEqual(withoutTimings(fromRun))
    expect(readFileSync(join(project, 'reports/vitest/results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4)
  }, 600_000)

  it('fails exactly the tests meant to fail, each message naming its failure kind', () => {
    const run = vitest(['--config', 'vitest.failing.config.ts', '--reporter=json', '--outputFile=reports/failing.json'])
    expect(run.code, run.output).toBe(1)
    const output = JSON.parse(readFileSync(join(project, 'reports/failing.json'), 'utf8')) as {
      testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[]
    }
    const tests = output.testResults.flatMap((file) => file.assertionResults)
    const failed = Object.fromEntries(tests.filter((test) => test.status === 'failed').map((test) => [test.fullName, test.failureMessages.join('\n')]))
    expect(Object.keys(failed).sort()).toEqual([
      'failing/suites/support-hard.yaml support-hard/returns-policy [baseline]',
      'fails: a tool-token budget too small (over_tool_token_budget)',
      'fails: expects the wrong refund reason (wrong_argument_value)',
      'fails: expects two calls in one turn (missing_call)',
    ])
    expect(failed['failing/suites/support-hard.yaml support-hard/returns-policy [baseline]']).toMatch(/missing_required[\s\S]*call search_help_center\(\{\}\)/)
    expect(failed['fails: expects the wrong refund reason (wrong_argument_value)']).toMatch(/wrong_argument_value.*reason: expected "late", got "damaged"/)
    expect(failed['fails: expects two calls in one turn (missing_call)']).toMatch(/missing_call.*search_help_center/)
    expect(failed['fails: a tool-token budget too small (over_tool_token_budget)']).toMatch(/over_tool_token_budget.*\(budget 10\)/)
    expect(tests.filter((test) => test.status === 'passed').map((test) => test.fullName)).toEqual(['failing/suites/support-hard.yaml support-hard/order-status-not-refund [baseline]'])
  }, 600_000)
})
