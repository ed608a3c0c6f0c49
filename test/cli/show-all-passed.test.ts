// `toolgauge show` of a run where every case passed says so and how to see the transcripts anyway (--all, --case):
// a newcomer's first `show` is often of a passing run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

it('show of a passing run names the result count and the flags that print the transcripts; --all prints each one', async () => {
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-show-'))
  const run = await runMain(['run', join(projectRoot, 'examples/first-suite'), '--model', 'baseline', '--out', out])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  const shown = await runMain(['show', out])
  expect(shown.code).toBe(0)
  expect(shown.stdout).toBe('Every case passed (4 results): --all prints each transcript, --case <id> one.\n')
  const narrowed = await runMain(['show', out, '--model', 'baseline'])
  expect(narrowed.stdout).toBe('Every case of model baseline passed (4 results): --all prints each transcript, --case <id> one.\n')
  const all = await runMain(['show', out, '--all'])
  expect(all.stdout.match(/^PASS first-suite\//gm)).toHaveLength(4)
})

// An offline model has no wire, so no finish reason of its own: a turn line names the unified one ("finish
// tool-calls"), not the model's name ("finish baseline", which reads as a reason).
it("show's turn lines of an offline model name the finish reason, not the model", async () => {
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-show-'))
  const run = await runMain(['run', join(projectRoot, 'examples/first-suite'), '--model', 'baseline', '--out', out])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  const all = (await runMain(['show', out, '--all'])).stdout
  expect(all).toMatch(/── turn 1 \([^)]*finish tool-calls\)/)
  expect(all).not.toMatch(/finish (baseline|scripted)/)
})

// A run cut by --max-cost (or --bail, or interrupted) has cases that never ran: they did not pass, and show says the
// report is partial as every other output does (report/run-stops.ts).
it('show of a partial run whose results all passed says every case that ran passed, and why the others did not run', async () => {
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-show-'))
  const run = await runMain(['run', join(projectRoot, 'examples/first-suite'), '--model', 'baseline', '--out', out])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  const file = join(out, 'report.json')
  const report = JSON.parse(readFileSync(file, 'utf8')) as { run: Record<string, unknown>; results: { suite: string; case: string; model: string; repeat: number }[] }
  const [dropped, ...kept] = report.results
  writeFileSync(file, JSON.stringify({ ...report, results: kept, run: { ...report.run, cut: { reason: 'max-cost', limit: 0.01, spentUsd: 0.02, notRun: [{ suite: dropped!.suite, case: dropped!.case, model: dropped!.model, repeat: dropped!.repeat }] } } }))
  const shown = await runMain(['show', out])
  expect(shown.code).toBe(0)
  expect(shown.stdout).toBe('Every case that ran passed (3 results): --all prints each transcript, --case <id> one.\nCut by --max-cost 0.01 (spent $0.0200): 1 case run(s) did not start (listed in report.json run.cut.notRun; --resume runs them).\n')
  expect((await runMain(['show', out, '--all'])).stdout).toMatch(/\nCut by --max-cost 0\.01 \(spent \$0\.0200\): 1 case run\(s\) did not start/)
})
