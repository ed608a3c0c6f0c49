import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// Shards of one run must run one version of its suites: a shard run again after the suite changed (a job retried
// on a later commit) splits other cases — a case the other shard's version had, or the new version added, is in no
// shard, and the merged gates judge fewer cases than the run had, with nothing said. report.json keeps each suite's
// case count (run.suites[].cases, before --filter and --shard), the same in every shard of one version.

async function shard(dir: string, index: number): Promise<string> {
  const out = join(dir, `shard-${index}`)
  const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', `${index}/2`, '--out', out])
  expect([0, 1], result.stderr).toContain(result.code)
  return join(out, 'report.json')
}

describe('merge refuses shards of different versions of a suite', () => {
  it('shard 2/2 run after a case was added: exit 2 naming the suite, both counts and both files (the added case ran in no shard)', async () => {
    // Model a fails read-4 only; read-4 falls in shard 1/2, which ran before read-4 was added: merged, it would
    // be in no shard, and the merge would pass (exit 0) where the run of the 4-case suite fails (exit 1).
    const dir = storeFiles({ a: 3 })
    const suite = join(dir, 'suite.yaml')
    const fourCases = readFileSync(suite, 'utf8')
    writeFileSync(suite, fourCases.split('\n').slice(0, -4).join('\n'))
    const one = await shard(dir, 1)
    writeFileSync(suite, fourCases)
    const two = await shard(dir, 2)
    for (const flags of [[], ['--allow-partial']]) {
      const merged = await runCli(['merge', one, two, ...flags, '--out', join(dir, 'merged')])
      expectInputError(merged, two, 'run.suites[0].cases', 'suite "store"', '4 cases here but 3 in', one)
    }
    const whole = await runCli(['run', suite, '--model', `scripted:${join(dir, 'a.yaml')}`, '--out', join(dir, 'whole')])
    expect(whole.code).toBe(1)
  })
})
