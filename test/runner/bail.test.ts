// --bail <n>: the run stops starting cases after n failed verdicts (errored ones are no verdict and do not count);
// report.json says the run was cut and which case runs never started; the exit code is 1.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { Report } from '../../src/core/report.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteYaml = (cities: readonly string[]) => ['name: bail', 'tools: ./tools.json', 'cases:',
  ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`)].join('\n')
const suiteFolder = (cities: readonly string[]) => tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml(cities) })

/** Answers each case with its own city, but the `wrong` ones with Atlantis (failed) and the `down` ones with an outage (errored). */
function provider(wrong: readonly string[], down: readonly string[] = []): Provider {
  return {
    id: 'm',
    async doGenerate({ context }) {
      if (down.includes(context.caseId)) throw new ProviderError('HTTP 503 after 4 retries')
      const first = context.turn === 0
      const city = wrong.includes(context.caseId) ? 'Atlantis' : context.caseId[0]!.toUpperCase() + context.caseId.slice(1)
      return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: emptyUsage, latencyMs: 1 }
    },
  }
}

describe('--bail', () => {
  it('stops starting cases after n failed ones: report.json run.cut names the case runs that did not start, exit 1', async () => {
    const dir = suiteFolder(['Rome', 'Oslo', 'Bern', 'Paris', 'Lima'])
    const out = join(dir, 'out')
    const outcome = await runEvaluation({ suitePaths: [dir], models: ['m'], providers: [provider(['rome', 'bern'])], outDir: out, concurrency: 1, bail: 2 })
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    expect(report.results.map((result) => [result.case, result.passed])).toEqual([['rome', false], ['oslo', true], ['bern', false]])
    expect(report.run.cut).toEqual({ reason: 'bail', limit: 2, notRun: [{ suite: 'bail', case: 'paris', model: 'm', repeat: 0 }, { suite: 'bail', case: 'lima', model: 'm', repeat: 0 }] })
    expect(outcome.exitCode).toBe(1)
  })

  it('does not count errored cases (an outage is no verdict on the model)', async () => {
    const dir = suiteFolder(['Paris', 'Rome', 'Oslo', 'Bern'])
    const out = join(dir, 'out')
    const outcome = await runEvaluation({ suitePaths: [dir], models: ['m'], providers: [provider(['oslo'], ['paris'])], outDir: out, concurrency: 1, bail: 1 })
    expect(outcome.report.results.map((result) => result.case)).toEqual(['paris', 'rome', 'oslo'])
    expect((outcome.report.run.cut as { notRun: { case: string }[] }).notRun.map((task) => task.case)).toEqual(['bern'])
    // The outage decides the exit code, as in any run with one.
    expect(outcome.exitCode).toBe(3)
  })

  it('a cut run exits 1 even when its metric gates pass; a run that never reaches the limit is not cut', async () => {
    const dir = suiteFolder(['Rome', 'Oslo', 'Bern'])
    const cut = await runEvaluation({ suitePaths: [dir], models: ['m'], providers: [provider(['rome'])], outDir: join(dir, 'cut'), concurrency: 1, bail: 1, gates: [{ type: 'min-accuracy', threshold: 0 }] })
    expect(cut.gates.every((gate) => gate.passed)).toBe(true)
    expect(cut.exitCode).toBe(1)
    const whole = await runEvaluation({ suitePaths: [dir], models: ['m'], providers: [provider(['rome'])], outDir: join(dir, 'whole'), concurrency: 1, bail: 2 })
    expect(whole.report.run.cut).toBeUndefined()
    expect(whole.report.results).toHaveLength(3)
  })

  it('the CLI says the run was cut and what did not start; --bail 0 is a usage error', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'suite.yaml': suiteYaml(['Rome', 'Oslo', 'Bern']),
      'script.yaml': ['rome:', '  - tool_calls: [{ name: get_weather, arguments: { city: Atlantis } }]', 'oslo: []', 'bern: []'].join('\n'),
    })
    const run = await runMain(['run', dir, '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out'), '--concurrency', '1', '--bail', '1'])
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('Cut by --bail 1: 2 case run(s) did not start')
    // The config's bail: does the same.
    writeFileSync(join(dir, 'toolgauge.config.yaml'), `suites: [${dir}]\nmodels: ["scripted:script.yaml"]\nconcurrency: 1\nbail: 1\n`)
    const configured = await runMain(['run', '--config', join(dir, 'toolgauge.config.yaml'), '--out', join(dir, 'out-config')])
    expect(configured.code, configured.stderr).toBe(1)
    expect(configured.stdout).toContain('Cut by --bail 1: 2 case run(s) did not start')
    const zero = await runMain(['run', dir, '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out0'), '--bail', '0'])
    expect(zero.code).toBe(2)
    expect(zero.stderr).toContain('--bail')
  })
})

describe('--bail and merge', () => {
  it('merge refuses a report cut by --bail unless partial merges are allowed (its gates would judge fewer cases)', async () => {
    const dir = suiteFolder(['Rome', 'Oslo', 'Bern'])
    const cut = await runEvaluation({ suitePaths: [dir], models: ['m'], providers: [provider(['rome'])], outDir: join(dir, 'cut'), concurrency: 1, bail: 1 })
    const input = { file: 'cut/report.json', report: cut.report }
    expect(() => mergeReports([input])).toThrow('cut/report.json is from a run cut by bail (2 case run(s) did not start; run them with resume)')
    expect(mergeReports([input], { allowPartial: true }).warnings).toEqual([expect.stringContaining('partial merge: cut/report.json is from a run cut by bail')])
  })
})
