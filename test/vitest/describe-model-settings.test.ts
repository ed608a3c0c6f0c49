import { join } from 'node:path'
import { afterAll, describe, expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import type { ProviderOptions } from '../../src/providers/provider-options.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import type { ToolgaugeTestMeta } from '../../src/vitest/result-meta.ts'
import { writeVitestReport } from '../../src/vitest/write-report.ts'
import { tempFiles } from '../helpers/cli.ts'
import { chatTextReply, startLoopback } from '../providers/fake/loopback.ts'

// describeSuite's report.json had no run.modelSettings where `toolgauge run`'s has each model's request settings: a
// reader could not see what a vitest run's model was asked with, and the two reports of one run differed. Both now
// come from one builder (runner/run-header.ts modelSettingsOf), so the same settings give the same block.
// The model under test and its judge on one server: the answer is a judge's verdict, the tested model's final text too.
const server = await startLoopback(() => chatTextReply('{"score": 1, "reason": "says hello"}'))
afterAll(() => server.close())
const dir = tempFiles({
  'suite.yaml': ['name: settings-vitest', 'tools:', '  - { name: lookup, description: Look up, parameters: { type: object, properties: { query: { type: string } } } }', 'cases:', '  - { id: hello, prompt: Say hello., expect: { calls: [], final: { judge: { model: "openai-compatible:judge-m", rubric: Says hello. } } } }'].join('\n'),
})
const model = 'openai-compatible:m'
const providerOptions: ProviderOptions = { baseUrl: `${server.origin}/v1`, retries: 0, maxTokens: 300, settings: { temperature: 0, extra_headers: { authorization: 'Bearer tg-vitest-header-secret-4242' } } }
const modelOptions = { [model]: { settings: { seed: 7 } }, 'openai-compatible:judge-m': { baseUrl: `${server.origin}/v1`, retries: 0, settings: { temperature: 0.2 } } }
describeSuite(join(dir, 'suite.yaml'), { model, providerOptions, modelOptions })

type TaskTree = { readonly type: string; readonly name: string; readonly meta: TaskMeta; readonly tasks?: readonly TaskTree[] }
describe('describeSuite\'s report.json run.modelSettings', () => {
  it('is the one toolgauge run writes for the same settings', async ({ task }) => {
    const tests = (task.file.tasks as readonly TaskTree[]).flatMap(function all(entry): TaskTree[] { return [entry, ...(entry.tasks ?? []).flatMap(all)] })
    const metas = tests.flatMap((entry) => (entry.meta.toolgauge ? [entry.meta.toolgauge as ToolgaugeTestMeta] : []))
    expect(metas).toHaveLength(1)
    // The reporter names a describeSuite call's test file when two calls' settings differ (write-report-settings.test.ts).
    expect(metas[0]?.testFile).toBe(task.file.filepath)
    const { report } = await writeVitestReport(metas, { root: dir, outDir: 'vitest', startedAt: new Date() })
    const run = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [model], outDir: join(dir, 'run'), providerOptions, modelOptions })
    expect(run.report.run.modelSettings).toEqual({ [model]: { temperature: 0, seed: 7, max_tokens: 300, extra_headers: { authorization: '[redacted]' } } })
    expect(report.run.modelSettings).toEqual(run.report.run.modelSettings)
  })

  // The judge's and simulated user's settings decide verdicts too: recorded by spec, the same way in both reports.
  it('has run.suiteModelSettings as toolgauge run writes it: the judge\'s own settings, none of the tested model\'s', async ({ task }) => {
    const tests = (task.file.tasks as readonly TaskTree[]).flatMap(function all(entry): TaskTree[] { return [entry, ...(entry.tasks ?? []).flatMap(all)] })
    const metas = tests.flatMap((entry) => (entry.meta.toolgauge ? [entry.meta.toolgauge as ToolgaugeTestMeta] : []))
    const { report } = await writeVitestReport(metas, { root: dir, outDir: 'vitest-judge', startedAt: new Date() })
    const run = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [model], outDir: join(dir, 'run-judge'), providerOptions, modelOptions })
    expect(run.report.results.map((result) => result.verdict)).toEqual(['passed'])
    expect(run.report.run.suiteModelSettings).toEqual({ 'openai-compatible:judge-m': { temperature: 0.2 } })
    expect(report.run.suiteModelSettings).toEqual(run.report.run.suiteModelSettings)
  })
})
