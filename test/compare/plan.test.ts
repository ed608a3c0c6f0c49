import { describe, expect, it } from 'vitest'
import { casesNeeded } from '../../src/stats/power.ts'
import { runCli } from './cli-helpers.ts'

describe('toolgauge plan', () => {
  it('prints the cases needed per repeat count and how many repeats --cases needs', async () => {
    const { code, stdout } = await runCli(['plan', '--cases', '200', '--baseline-accuracy', '0.8', '--detect', '0.1'])
    expect(code).toBe(0)
    const one = casesNeeded({ baselineAccuracy: 0.8, drop: 0.1, alpha: 0.05, power: 0.8, repeats: 1 })
    expect(stdout).toMatch(new RegExp(`\\n  1 +${one.cases}  exact McNemar power\\n`))
    expect(stdout).toContain('With 200 cases: 2 repeats per case on both sides')
  })

  it('prints JSON with --json, and says when no repeat count is enough', async () => {
    const { stdout } = await runCli(['plan', '--cases', '10', '--baseline-accuracy', '0.9', '--detect', '0.02', '--json'])
    const plan = JSON.parse(stdout) as { rows: { repeats: number; cases: number }[]; repeatsNeeded: number | null }
    expect(plan.rows.map((row) => row.repeats)).toEqual([1, 2, 3, 5, 10])
    expect(plan.repeatsNeeded).toBeNull()
    expect((await runCli(['plan', '--cases', '10', '--baseline-accuracy', '0.9', '--detect', '0.02'])).stdout).toContain('even 10 repeats are not enough')
  })

  it('refuses impossible or misspelled input with exit 2', async () => {
    const percent = await runCli(['plan', '--cases', '10', '--baseline-accuracy', '80', '--detect', '0.1'])
    expect(percent.code).toBe(2)
    expect(percent.stderr).toContain('0.8')
    const impossible = await runCli(['plan', '--cases', '10', '--baseline-accuracy', '0.1', '--detect', '0.2'])
    expect(impossible.code).toBe(2)
    expect(impossible.stderr).toContain('at most --baseline-accuracy')
    expect((await runCli(['plan', '--baseline-accuracy', '0.8'])).stderr).toContain('missing --cases, --detect')
  })
})
