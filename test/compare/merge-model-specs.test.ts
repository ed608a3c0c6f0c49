import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// A label names a model's row in every result: two reports that both call a model "gpt", one running
// scripted:a.yaml and the other scripted:b.yaml, are two models — merged, their results would be pooled as one
// model's row (its accuracy, its gates). Shards of one spec under one label are one model, as before.

/** gpt-a.yaml labels scripted:a.yaml (every case right) "gpt", gpt-b.yaml labels scripted:b.yaml (one right) "gpt". */
function files(): string {
  return storeFiles({ a: 4, b: 1 }, {
    'gpt-a.yaml': 'suites: [suite.yaml]\nmodels: [{ model: "scripted:a.yaml", label: gpt }]\n',
    'gpt-b.yaml': 'suites: [suite.yaml]\nmodels: [{ model: "scripted:b.yaml", label: gpt }]\n',
  })
}

async function run(dir: string, config: string, out: string, flags: readonly string[] = []): Promise<string> {
  const result = await runCli(['run', '--config', join(dir, config), ...flags, '--out', join(dir, out)])
  expect([0, 1], result.stderr).toContain(result.code)
  return join(dir, out, 'report.json')
}

describe('merge refuses one label for two model specs', () => {
  it('two reports labelling different specs "gpt" are exit 2, naming both files and both specs', async () => {
    const dir = files()
    const a = await run(dir, 'gpt-a.yaml', 'a')
    const b = await run(dir, 'gpt-b.yaml', 'b')
    const merged = await runCli(['merge', a, b, '--out', join(dir, 'merged')])
    expectInputError(merged, b, 'run.modelSpecs.gpt', 'model "gpt" is scripted:b.yaml here but scripted:a.yaml in', a, 'different labels')
  })

  it('shards of one spec under one label merge as one model; the merged report keeps the spec', async () => {
    const dir = files()
    const shards = [await run(dir, 'gpt-a.yaml', 's1', ['--shard', '1/2']), await run(dir, 'gpt-a.yaml', 's2', ['--shard', '2/2'])]
    const merged = await runCli(['merge', ...shards, '--out', join(dir, 'merged')])
    expect(merged.code, merged.stderr).toBe(0)
    const report = JSON.parse(readFileSync(join(dir, 'merged', 'report.json'), 'utf8')) as Report
    expect(report.run.modelSpecs).toEqual({ gpt: 'scripted:a.yaml' })
    // Merged again with the other spec's report: still two models under one label.
    const b = await run(dir, 'gpt-b.yaml', 'b')
    expectInputError(await runCli(['merge', join(dir, 'merged', 'report.json'), b, '--out', join(dir, 'again')]), 'model "gpt" is scripted:b.yaml here but scripted:a.yaml in')
  })

  it('a run records each model\'s spec, labelled or not; a report that does not (an older one) merges as before', async () => {
    const dir = files()
    // Each on cases of its own: copies of one case run that differ are refused whatever the specs (merge-disagreeing-copies).
    const a = await run(dir, 'gpt-a.yaml', 'a', ['--filter', 'read-1'])
    const plain = await runCli(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'plain')])
    expect([0, 1]).toContain(plain.code)
    expect((JSON.parse(readFileSync(join(dir, 'plain', 'report.json'), 'utf8')) as Report).run.modelSpecs).toEqual({ baseline: 'baseline' })
    const b = await run(dir, 'gpt-b.yaml', 'b', ['--filter', 'read-2'])
    const older = JSON.parse(readFileSync(b, 'utf8')) as Report
    const { modelSpecs: _dropped, ...unrecorded } = older.run
    writeFileSync(b, JSON.stringify({ ...older, run: unrecorded }))
    const merged = await runCli(['merge', a, b, '--out', join(dir, 'merged')])
    expect([0, 1], merged.stderr).toContain(merged.code)
  })

  it('a damaged record is named', async () => {
    const dir = files()
    const a = await run(dir, 'gpt-a.yaml', 'a')
    const report = JSON.parse(readFileSync(a, 'utf8')) as Report
    writeFileSync(a, JSON.stringify({ ...report, run: { ...report.run, modelSpecs: { gpt: 7 } } }))
    expectInputError(await runCli(['merge', a, '--out', join(dir, 'merged')]), a, 'run.modelSpecs.gpt', 'expected the model\'s spec (a string)')
  })
})
