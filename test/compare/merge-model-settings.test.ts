import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { chatTextReply, startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { mergeRefusal } from './merge-refusal.ts'
import { storeFiles } from './store-suite.ts'

// report.json recorded a model's spec but not the settings it ran with, so merge saw two settings of one model only
// when two copies of one case run had different fingerprints: shards 1/2 at temperature 0 and 2/2 at 0.7 share no
// case run, and were merged as one model's row — its accuracy and gates over verdicts decided under two settings.
// A run now records each model's request settings (run.modelSettings), and merge refuses two for one model.

/** A run of `model` over `cases` of suite weather (c1..c3 by default), once each, with `run` fields added. */
function runOf(file: string, model: string, run: Record<string, unknown>, cases = ['c1', 'c2', 'c3']): ReportInput {
  const report = reportOf(cases.flatMap((id) => repeats(id, 0, 1, { model })))
  return { file, report: { ...report, run: { ...report.run, ...run } } }
}

const settings = (model: string, value: Record<string, unknown>) => ({ modelSettings: { [model]: value } })

describe('merge refuses one model run with two settings', () => {
  it('another value, or a setting one side left unset: exit 2 naming the model, the setting and both values', () => {
    const a = runOf('a.json', 'gpt', settings('gpt', { temperature: 0, max_tokens: 512 }), ['c1'])
    const b = runOf('b.json', 'gpt', settings('gpt', { temperature: 0.7, max_tokens: 512 }), ['c2'])
    expect(mergeRefusal([a, b])).toContain('b.json: run.modelSettings.gpt: model "gpt" ran with temperature 0.7 here but 0 in a.json')
    const unset = runOf('c.json', 'gpt', settings('gpt', { max_tokens: 512 }), ['c3'])
    expect(mergeRefusal([a, unset])).toContain('ran with temperature unset here but 0 in a.json')
    const nested = runOf('d.json', 'gpt', settings('gpt', { temperature: 0, max_tokens: 512, reasoning: { effort: 'high' } }), ['c3'])
    expect(mergeRefusal([a, nested])).toContain('ran with reasoning {"effort":"high"} here but unset in a.json')
  })

  it('the same settings merge and are kept; other models, labels and reports that recorded none are not checked', () => {
    const a = runOf('a.json', 'gpt', settings('gpt', { temperature: 0 }), ['c1'])
    const b = runOf('b.json', 'gpt', settings('gpt', { temperature: 0 }), ['c2'])
    expect(mergeReports([a, b]).report.run.modelSettings).toEqual({ gpt: { temperature: 0 } })
    const other = runOf('c.json', 'gpt-hot', settings('gpt-hot', { temperature: 1 }))
    expect(mergeReports([a, other]).report.run.modelSettings).toEqual({ gpt: { temperature: 0 }, 'gpt-hot': { temperature: 1 } })
    // An older report (no run.modelSettings): merged, its model's settings are unknown, so none is recorded for it.
    const older = runOf('old.json', 'gpt', {}, ['c3'])
    expect(mergeReports([a, older]).report.run.modelSettings).toBeUndefined()
    expect(mergeReports([older, runOf('old2.json', 'gpt', {}, ['c1'])]).report.run.modelSettings).toBeUndefined()
  })

  it('a damaged record is named (file and field)', () => {
    const a = runOf('a.json', 'gpt', settings('gpt', {}), ['c1'])
    expect(mergeRefusal([a, runOf('b.json', 'gpt', { modelSettings: 'hot' }, ['c2'])])).toContain('b.json: run.modelSettings: expected each model\'s request settings by its name (an object)')
    expect(mergeRefusal([a, runOf('b.json', 'gpt', { modelSettings: { gpt: 0.7 } }, ['c2'])])).toContain('b.json: run.modelSettings.gpt: expected the model\'s request settings (an object)')
  })
})

describe('run records each model\'s request settings', () => {
  const servers: Loopback[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })

  it('shards run with --set temperature=0 and =0.7: recorded in run.modelSettings, and merge exits 2 naming both', async () => {
    const server = await startLoopback(() => chatTextReply('I cannot read it.'))
    servers.push(server)
    const dir = storeFiles({})
    const model = 'openai-compatible:m'
    const shard = async (index: number, temperature: string) => {
      const out = join(dir, `shard-${index}`)
      const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', model, '--base-url', `${server.origin}/v1`, '--set', `temperature=${temperature}`, '--set', 'max_tokens=64', '--shard', `${index}/2`, '--out', out])
      expect(result.code, result.stderr).toBe(1)
      return join(out, 'report.json')
    }
    const one = await shard(1, '0')
    const two = await shard(2, '0.7')
    const recorded = JSON.parse(readFileSync(one, 'utf8')) as Report
    expect(recorded.run.modelSettings).toEqual({ [model]: { temperature: 0, max_tokens: 64 } })
    for (const flags of [[], ['--allow-partial']]) {
      expectInputError(await runCli(['merge', one, two, ...flags, '--out', join(dir, 'merged')]), `${two}: run.modelSettings.${model}:`, `model "${model}" ran with temperature 0.7 here but 0 in`, one)
    }
    // Written before settings were recorded: both shards merge as they did (exit 1: every case failed).
    for (const file of [one, two]) {
      const { modelSettings: _dropped, ...older } = (JSON.parse(readFileSync(file, 'utf8')) as Report).run
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')) as Report, run: older }))
    }
    const merged = await runCli(['merge', one, two, '--out', join(dir, 'merged')])
    expect(merged.code, merged.stderr).toBe(1)
  })
})
