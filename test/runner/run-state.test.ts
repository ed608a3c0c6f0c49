import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { summarizeModel } from '../helpers/report-folds.ts'
import { renderTable } from '../../src/report/table.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { makeResult, repeats } from '../stats/make-result.ts'

const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
const journalText = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8')

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteYaml = (cities: readonly string[], name = 'runstate', extra = '') => [
  `name: ${name}`, 'tools: ./tools.json', extra, 'cases:',
  ...cities.flatMap((city) => [`  - id: ${city.toLowerCase()}`, `    prompt: Weather in ${city}?`, '    expect:', `      calls: [{ name: get_weather, args: { city: ${city} } }]`]),
].filter(Boolean).join('\n')
const script = (cities: readonly string[]) => cities.flatMap((city) => [
  `${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.',
]).join('\n')

/** A provider that answers every case correctly, except the cases named in `down`, which fail after retries. */
function flakyProvider(down: ReadonlySet<string>): Provider {
  return {
    id: 'flaky',
    async doGenerate(request) {
      if (down.has(request.context.caseId)) throw new ProviderError('HTTP 503 after 4 retries')
      const first = request.context.turn === 0
      const city = request.context.caseId[0]!.toUpperCase() + request.context.caseId.slice(1)
      return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: emptyUsage, latencyMs: 1 }
    },
  }
}

describe('outages are not verdicts', () => {
  it('an errored result counts in `errored` and in no rate, pass@k or interval', () => {
    const outage = (id: string, repeat = 0): CaseResult => makeResult({
      case: id, repeat, passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }],
      metrics: { calls: 0, knownToolCalls: 0, expectedCalls: 1, selectedCalls: 0, correctArgumentCalls: 0, hallucinatedToolCalls: 0, hallucinatedParamCalls: 0, schemaViolationCalls: 0, parallelCase: false, irrelevanceCase: false },
    })
    const scored = [...repeats('a', 2, 2), ...repeats('b', 1, 2)]
    const summary = summarizeModel('model-a', [...scored, outage('a', 2), outage('c'), outage('c', 1)])
    const clean = summarizeModel('model-a', scored)
    expect(summary.errored).toBe(3)
    expect(summary.cases).toBe(7)
    expect(summary.passed).toBe(3)
    expect(summary.accuracy).toBe(0.75)
    for (const field of ['accuracy', 'selectionAccuracy', 'argumentAccuracy', 'hallucinatedToolRate', 'passAtK', 'passHatK', 'accuracyCi', 'flakiness'] as const) {
      expect(summary[field], field).toEqual(clean[field])
    }
    expect(renderTable([summary])).toMatch(/│ 3\/4\s+│ 3\s+│ 75\.0%/)
    expect(renderTable([summary])).toContain('errored')
  })

  it('harness_error results are errored too', () => {
    const summary = summarizeModel('m', [makeResult({ case: 'a', passed: true }), makeResult({ case: 'b', passed: false, failures: [{ kind: 'harness_error', message: 'beforeToolCall threw' }] })])
    expect(summary).toMatchObject({ errored: 1, accuracy: 1 })
  })

  it('a run with an outage exits 3 and --resume re-runs the errored results instead of keeping them', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml(['Paris', 'Rome', 'Oslo']) })
    const out = join(dir, 'out')
    const first = await runEvaluation({ suitePaths: [dir], models: ['flaky'], providers: [flakyProvider(new Set(['rome']))], outDir: out })
    expect(first.exitCode).toBe(3)
    expect(first.report.summary[0]).toMatchObject({ cases: 3, errored: 1, passed: 2, accuracy: 1 })
    const resumed = await runEvaluation({ suitePaths: [dir], models: ['flaky'], providers: [flakyProvider(new Set())], outDir: out, resume: true })
    expect(resumed.resumed).toMatchObject({ kept: 2, rerun: 1, dropped: 0 })
    expect(resumed.exitCode).toBe(0)
    expect(resumed.report.summary[0]).toMatchObject({ cases: 3, errored: 0, passed: 3 })
    expect(readReport(out).results.map((r) => [r.case, r.passed])).toEqual([['paris', true], ['rome', true], ['oslo', true]])
  })
})

describe('--resume continues the same run only (CLI)', () => {
  const cities = ['Paris', 'Rome', 'Oslo']
  const setup = () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suiteYaml(cities), 'script.yaml': script(cities) })
    return { dir, suite: join(dir, 'suite'), model: `scripted:${join(dir, 'script.yaml')}`, out: join(dir, 'out') }
  }

  it('keeps results whose fingerprint matches, re-runs changed cases, and says so', async () => {
    const { suite, model, out, dir } = setup()
    expect((await runMain(['run', suite, '--model', model, '--out', out])).code).toBe(0)
    // Change one case's expectation: its old passing result must not be carried over.
    writeFileSync(join(suite, 'suite.yaml'), suiteYaml(cities).replace('args: { city: Rome }', 'args: { city: Milan }'))
    const resumed = await runMain(['run', suite, '--model', model, '--resume', '--out', out])
    expect(resumed.stdout).toContain('Resumed: 2 result(s) kept, 1 re-run (changed or errored), 0 dropped')
    expect(resumed.code).toBe(1)
    const report = readReport(out)
    expect(report.results.map((r) => [r.case, r.passed])).toEqual([['paris', true], ['rome', false], ['oslo', true]])
    expect(report.summary[0]).toMatchObject({ cases: 3, passed: 2 })
    // A changed script (the model's answers) also re-runs what it decides.
    writeFileSync(join(dir, 'script.yaml'), script(cities).replace('city: Rome', 'city: Milan'))
    const again = await runMain(['run', suite, '--model', model, '--resume', '--out', out])
    expect(again.stdout).toContain('0 result(s) kept, 3 re-run')
    expect(again.code).toBe(0)
  })

  it('--resume on a folder with no journal says nothing was resumed and names the file it looked for (a first run, or a mistyped --out)', async () => {
    const { suite, model, out } = setup()
    const resumed = await runMain(['run', suite, '--model', model, '--resume', '--out', out])
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain(`Resumed: nothing — ${join(out, 'results.jsonl')} holds no results (a first run, or another --out?): every case runs.`)
    expect(resumed.stdout).not.toContain('0 result(s) kept')
  })

  it('a labelled scripted model re-runs when its script changes (the label is its name, the script its answers)', async () => {
    const { dir, suite, out } = setup()
    writeFileSync(join(dir, 'toolgauge.config.yaml'), `suites: [${suite}]\nmodels:\n  - { model: "scripted:script.yaml", label: mine }\nout: out\n`)
    const config = join(dir, 'toolgauge.config.yaml')
    expect((await runMain(['run', '--config', config])).code).toBe(0)
    expect((await runMain(['run', '--config', config, '--resume'])).stdout).toContain('3 result(s) kept, 0 re-run')
    writeFileSync(join(dir, 'script.yaml'), script(cities).replace('city: Rome', 'city: Milan'))
    const again = await runMain(['run', '--config', config, '--resume'])
    expect(again.stdout).toContain('0 result(s) kept, 3 re-run')
    expect(again.code).toBe(1)
    expect(readReport(out).results.map((r) => [r.model, r.case, r.passed])).toEqual([['mine', 'paris', true], ['mine', 'rome', false], ['mine', 'oslo', true]])
  })

  it('a changed hooks file re-runs its suite', async () => {
    const { suite, model, out } = setup()
    writeFileSync(join(suite, 'hooks.mjs'), 'export function afterToolCall() {}\n')
    writeFileSync(join(suite, 'suite.yaml'), suiteYaml(cities, 'runstate', 'hooks: ./hooks.mjs'))
    expect((await runMain(['run', suite, '--model', model, '--out', out])).code).toBe(0)
    expect((await runMain(['run', suite, '--model', model, '--resume', '--out', out])).stdout).toContain('3 result(s) kept, 0 re-run')
    writeFileSync(join(suite, 'hooks.mjs'), 'export function afterToolCall() { return { result: "changed" } }\n')
    expect((await runMain(['run', suite, '--model', model, '--resume', '--out', out])).stdout).toContain('0 result(s) kept, 3 re-run')
  })

  it('results of cases or models not in this run stay in the journal but not in the report', async () => {
    const { suite, model, out } = setup()
    expect([0, 1]).toContain((await runMain(['run', suite, '--model', model, '--model', 'baseline', '--out', out])).code)
    const resumed = await runMain(['run', suite, '--model', model, '--filter', '{paris,oslo}', '--resume', '--out', out])
    expect(resumed.stdout).toContain('Resumed: 2 result(s) kept, 0 re-run (changed or errored), 4 dropped')
    expect(resumed.code).toBe(0)
    const report = readReport(out)
    expect(report.results.map((r) => `${r.model === 'baseline' ? 'baseline' : 'scripted'}/${r.case}`)).toEqual(['scripted/paris', 'scripted/oslo'])
    expect(report.summary.map((s) => s.cases)).toEqual([2])
    expect(journalText(out).trim().split('\n')).toHaveLength(6)
  })

  it('a torn last line is cut off before appending: the journal parses line by line afterwards', async () => {
    const { suite, model, out } = setup()
    expect((await runMain(['run', suite, '--model', model, '--out', out])).code).toBe(0)
    const lines = journalText(out).trim().split('\n')
    // The writer died in the middle of the last result's line.
    writeFileSync(join(out, 'results.jsonl'), `${lines.slice(0, 2).join('\n')}\n${lines[2]!.slice(0, 40)}`)
    const resumed = await runMain(['run', suite, '--model', model, '--resume', '--out', out])
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toContain('2 result(s) kept')
    const after = journalText(out)
    expect(after.endsWith('\n')).toBe(true)
    for (const line of after.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow()
    expect(after.trim().split('\n')).toHaveLength(3)
    // And again: a journal that parses keeps parsing.
    appendFileSync(join(out, 'results.jsonl'), '{"suite":')
    expect((await runMain(['run', suite, '--model', model, '--resume', '--out', out])).code).toBe(0)
    for (const line of journalText(out).trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow()
  })
})
