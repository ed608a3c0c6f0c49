import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// A toolgauge version's loop and scorers decide its verdicts (the version is in every fingerprint, and --resume runs
// again what another version scored). Shards of one run scored by two versions — a retried CI job on a later commit —
// were merged anyway, the versions joined into one run.toolgaugeVersion string ("0.0.9, 0.1.0"), so the merged gates
// and exit code judged half the cases by one version's rules and half by another's. Now exit 2, naming both values.

// The version toolgauge reports, switchable per run (as in test/runner/resume-upgrade.test.ts).
const version = vi.hoisted(() => ({ current: '0.0.9' }))
vi.mock('../../src/version.ts', () => ({ get toolgaugeVersion() { return version.current } }))

describe('merge refuses reports scored by different toolgauge versions', () => {
  it('shard 1/2 by 0.0.9 and 2/2 by 0.1.0: exit 2 naming the field, both values and both files; resumed with 0.1.0, they merge', async () => {
    const dir = storeFiles({ a: 4 })
    const shard = async (index: number, flags: readonly string[] = []) => {
      const out = join(dir, `shard-${index}`)
      const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', `${index}/2`, '--out', out, ...flags])
      expect(result.code, result.stderr).toBe(0)
      return join(out, 'report.json')
    }
    version.current = '0.0.9'
    const one = await shard(1)
    version.current = '0.1.0'
    const two = await shard(2)
    for (const flags of [[], ['--allow-partial']]) {
      const merged = await runCli(['merge', one, two, ...flags, '--out', join(dir, 'merged')])
      expectInputError(merged, `${two}: run.toolgaugeVersion:`, 'toolgauge 0.1.0 here but toolgauge 0.0.9 in', one, 'run one side again with the other\'s version (--resume on its run re-runs')
    }
    // What the refusal advises: the older shard resumed by 0.1.0 runs again every result 0.0.9 scored.
    await shard(1, ['--resume'])
    const merged = await runCli(['merge', one, two, '--out', join(dir, 'merged')])
    expect(merged.code, merged.stderr).toBe(0)
  })
})
