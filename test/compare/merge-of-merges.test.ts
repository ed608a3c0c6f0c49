import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain as runCli } from '../helpers/cli.ts'
import { storeFiles, storeIds as ids } from './store-suite.ts'

// A merged report is merged again (a merge of merges: per-team merges joined for a release, or a merged report
// merged with a later run): it must judge each run as the first merge did. Run "a" had no gate and failed a case
// (its exit code 1); run "b" had --min-accuracy 0.5 and met it. Merged, a's cases must still all pass.

/** a and b fail read-4; c passes every case. */
function files(): string {
  return storeFiles({ a: 3, b: 3, c: 4 })
}

/** Runs `label` (scripted from `<label>.yaml`) over the suite, with `flags`; returns its report.json. */
async function run(dir: string, label: string, flags: readonly string[], exit: number): Promise<string> {
  const out = join(dir, `run-${label}`)
  const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, `${label}.yaml`)}`, ...flags, '--out', out])
  expect(result.code, result.stderr).toBe(exit)
  return join(out, 'report.json')
}

async function merge(dir: string, name: string, inputs: readonly string[]): Promise<{ code: number; file: string; stdout: string; stderr: string }> {
  const out = join(dir, name)
  const result = await runCli(['merge', ...inputs, '--out', out])
  return { code: result.code, file: join(out, 'report.json'), stdout: result.stdout, stderr: result.stderr }
}

describe('a merge of merged reports judges each run as the first merge did', () => {
  it('a failed case of a run without gates fails the merge of merges too (exit 1), in any order', async () => {
    const dir = files()
    const a = await run(dir, 'a', [], 1)
    const b = await run(dir, 'b', ['--min-accuracy', '0.5'], 0)
    const c = await run(dir, 'c', ['--min-accuracy', '0.9'], 0)
    const ab = await merge(dir, 'ab', [a, b])
    expect(ab.code, ab.stderr).toBe(1)
    // Merged again alone, with another gated run, or with one of its own inputs: a's failed case still counts.
    for (const [name, inputs] of [['again', [ab.file]], ['with-c', [ab.file, c]], ['c-first', [c, ab.file]], ['with-b', [b, ab.file]]] as const) {
      const merged = await merge(dir, name, inputs)
      expect(merged.code, `${name}: ${merged.stderr}`).toBe(1)
      // Every gate line is ✓: the output says which case failed the merge, and why.
      expect(merged.stdout).not.toContain('✗')
      expect(merged.stdout).toContain(`1 case run(s) failed that no gate covers (from reports without metric gates, whose every case must pass, as their runs' exit codes asked): store/read-4 [scripted:${join(dir, 'a.yaml')}] #1\n`)
    }
    // And three levels down, through a merged report that itself had only gated inputs' gates to show.
    const again = await merge(dir, 'again-2', [(await merge(dir, 'again-1', [ab.file, c])).file])
    expect(again.code, again.stderr).toBe(1)
  })

  it('a merge of merges of runs that all passed their own judgement exits 0', async () => {
    const dir = files()
    const b = await run(dir, 'b', ['--min-accuracy', '0.5'], 0)
    const c = await run(dir, 'c', [], 0)
    const bc = await merge(dir, 'bc', [b, c])
    expect(bc.code, bc.stderr).toBe(0)
    const again = await merge(dir, 'again', [bc.file])
    expect(again.code, again.stderr).toBe(0)
  })

  it('the merged report records which results no metric gate covers', async () => {
    const dir = files()
    const ab = await merge(dir, 'ab', [await run(dir, 'a', [], 1), await run(dir, 'b', ['--min-accuracy', '0.5'], 0)])
    const report = JSON.parse(readFileSync(ab.file, 'utf8')) as Report
    const merged = report.run.merged as { mustPass?: unknown }
    expect(merged.mustPass).toEqual(ids.map((id) => ({ suite: 'store', case: id, model: `scripted:${join(dir, 'a.yaml')}`, repeat: 0 })))
  })
})
