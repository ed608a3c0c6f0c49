import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Report } from '../../src/core/report.ts'
import { describe, expect, it } from 'vitest'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// Shards of one run must run one --repeat: shard 1/2 with --repeat 1 and 2/2 with --repeat 3 hold one run of half
// the cases and three of the other half, and the merged pass@k, pass^k, flaky cases and gates weigh them as one run
// of neither — with nothing said. Like the other shard-set mismatches (count, suite version), it is exit 2.

async function shard(dir: string, index: number, repeat: number): Promise<string> {
  const out = join(dir, `shard-${index}`)
  const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', `${index}/2`, '--repeat', String(repeat), '--out', out])
  expect([0, 1], result.stderr).toContain(result.code)
  return join(out, 'report.json')
}

describe('merge refuses shards of one run with different --repeat values', () => {
  it('shard 1/2 with --repeat 1 and 2/2 with --repeat 3: exit 2 naming both files and both values, with or without --allow-partial', async () => {
    const dir = storeFiles({ a: 3 })
    const one = await shard(dir, 1, 1)
    const two = await shard(dir, 2, 3)
    for (const flags of [[], ['--allow-partial']]) {
      const merged = await runCli(['merge', one, two, ...flags, '--out', join(dir, 'merged')])
      expectInputError(merged, two, 'run.repeat', '--repeat 3 here but --repeat 1 in', one)
    }
  })

  it('a merged report holding shard 1/2 remembers its --repeat: merged with 2/2 of another, exit 2', async () => {
    const dir = storeFiles({ a: 3 })
    const one = await shard(dir, 1, 2)
    const partial = await runCli(['merge', one, '--allow-partial', '--out', join(dir, 'partial')])
    expect(partial.code, partial.stderr).not.toBe(2)
    const two = await shard(dir, 2, 3)
    const merged = await runCli(['merge', join(dir, 'partial', 'report.json'), two, '--out', join(dir, 'merged')])
    expectInputError(merged, two, 'run.repeat', '--repeat 3 here but --repeat 2 in', join(dir, 'partial', 'report.json'))
    const reversed = await runCli(['merge', two, join(dir, 'partial', 'report.json'), '--out', join(dir, 'merged')])
    expectInputError(reversed, join(dir, 'partial', 'report.json'), 'run.merged.shardSets[0].repeat', '--repeat 2 here but --repeat 3 in', two)
  })

  it('a damaged --repeat in a merged report is named (file and field)', async () => {
    const dir = storeFiles({ a: 3 })
    await runCli(['merge', await shard(dir, 1, 2), '--allow-partial', '--out', join(dir, 'partial')])
    const file = join(dir, 'partial', 'report.json')
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report
    const merged = report.run.merged as { shardSets: object[] }
    writeFileSync(file, JSON.stringify({ ...report, run: { ...report.run, merged: { ...merged, shardSets: [{ ...merged.shardSets[0], repeat: 'two' }] } } }))
    expectInputError(await runCli(['merge', file, '--allow-partial', '--out', join(dir, 'again')]), file, 'run.merged.shardSets[0].repeat', 'an integer, at least 1')
  })

  it('shards of one --repeat merge as before', async () => {
    const dir = storeFiles({ a: 4 })
    const merged = await runCli(['merge', await shard(dir, 1, 2), await shard(dir, 2, 2), '--out', join(dir, 'merged')])
    expect(merged.code, merged.stderr).toBe(0)
  })
})
