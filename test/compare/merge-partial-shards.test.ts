import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { inShard } from '../../src/runner/shard.ts'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles, storeIds } from './store-suite.ts'

// `merge --allow-partial` of shards with one missing joins what is there; the merged report must keep which shards
// it holds, so a later merge of it (a merge of merges) still sees the missing shard: refused without --allow-partial,
// and complete once the missing shard is merged in. Model "a" fails read-4 only, which shard 1/2 holds: the
// unsharded run exits 1, and shard 2/2 alone passes.

async function shards(dir: string): Promise<string[]> {
  const files: string[] = []
  for (const index of [1, 2]) {
    const out = join(dir, `shard-${index}`)
    const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', `${index}/2`, '--out', out])
    expect([0, 1], result.stderr).toContain(result.code)
    files.push(join(out, 'report.json'))
  }
  return files
}

describe('a partial merge of shards stays partial when it is merged again', () => {
  it('the shard it lacks is still missing: exit 2 without --allow-partial, complete with that shard (exit 1, as unsharded)', async () => {
    expect(storeIds.filter((id) => inShard('store', id, { index: 1, count: 2 }))).toContain('read-4')
    const dir = storeFiles({ a: 3 })
    const [one, two] = await shards(dir)
    const partial = await runCli(['merge', two!, '--allow-partial', '--out', join(dir, 'partial')])
    expect(partial.code, partial.stderr).toBe(0)
    expect(partial.stderr).toContain('partial merge: shard 1/2 missing')
    const partialFile = join(dir, 'partial', 'report.json')
    expectInputError(await runCli(['merge', partialFile, '--out', join(dir, 'again')]), 'incomplete set of reports: shard 1/2 missing')
    // Merged again with --allow-partial, it is still partial, and says so.
    const still = await runCli(['merge', partialFile, '--allow-partial', '--out', join(dir, 'still')])
    expect(still.stderr).toContain('partial merge: shard 1/2 missing')
    // With the missing shard (directly, or in a merged report of its own) the set is complete: read-4 failed.
    for (const [name, inputs] of [['with-one', [partialFile, one!]], ['one-first', [one!, join(dir, 'still', 'report.json')]]] as const) {
      const complete = await runCli(['merge', ...inputs, '--out', join(dir, name)])
      expect(complete.code, `${name}: ${complete.stderr}`).toBe(1)
      expect(complete.stderr).toBe('')
    }
    const report = JSON.parse(readFileSync(join(dir, 'with-one', 'report.json'), 'utf8')) as Report
    expect((report.run.merged as { shardSets?: unknown }).shardSets).toEqual([
      { model: `scripted:${join(dir, 'a.yaml')}`, suites: ['store'], repeat: 1, shards: [{ index: 1, count: 2 }, { index: 2, count: 2 }] },
    ])
  })

  it('a damaged record of the shards held is named (file and field)', async () => {
    const dir = storeFiles({ a: 3 })
    const [, two] = await shards(dir)
    await runCli(['merge', two!, '--allow-partial', '--out', join(dir, 'partial')])
    const file = join(dir, 'partial', 'report.json')
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report
    const merged = report.run.merged as { shardSets: { shards: unknown }[] }
    writeFileSync(file, JSON.stringify({ ...report, run: { ...report.run, merged: { ...merged, shardSets: [{ ...merged.shardSets[0], shards: [{ index: 3, count: 2 }] }] } } }))
    expectInputError(await runCli(['merge', file, '--out', join(dir, 'again')]), file, 'run.merged.shardSets[0].shards', '1 <= index <= count')
  })

  it('a merged report of shards split another way than a shard it is merged with is refused', async () => {
    const dir = storeFiles({ a: 3 })
    const [, two] = await shards(dir)
    await runCli(['merge', two!, '--allow-partial', '--out', join(dir, 'partial')])
    const third = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', '1/3', '--out', join(dir, 'third')])
    expect([0, 1]).toContain(third.code)
    expectInputError(await runCli(['merge', join(dir, 'partial', 'report.json'), join(dir, 'third', 'report.json'), '--allow-partial', '--out', join(dir, 'm')]), 'split the cases differently')
  })
})
