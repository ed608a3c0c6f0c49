import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-json-suites-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A copy of a folder of suites, in the scratch folder. */
function copyOf(from: string, name: string): string {
  const to = join(scratch, name)
  cpSync(from, to, { recursive: true })
  return to
}

/** The other ways to write a YAML suite: as one JSON document, or as JSON settings with a JSON Lines case file. */
type Form = 'json' | 'jsonl'

/** Writes each `suite.yaml` under `to` as `suite.json` instead (`jsonl`: its cases in `cases.jsonl`, one per line). */
function rewrite(to: string, form: Form): void {
  const convert = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) convert(path)
      else if (entry.name === 'suite.yaml') {
        const suite = parse(readFileSync(path, 'utf8')) as { cases: unknown[] }
        if (form === 'jsonl') {
          writeFileSync(join(dir, 'cases.jsonl'), `${suite.cases.map((testCase) => JSON.stringify(testCase)).join('\n')}\n`)
          suite.cases = './cases.jsonl' as never
        }
        writeFileSync(join(dir, 'suite.json'), JSON.stringify(suite, null, 1))
        rmSync(path)
      }
    }
  }
  convert(to)
}

/** Everything of a run but wall-clock fields and file paths. */
function comparable(outcome: Awaited<ReturnType<typeof runEvaluation>>) {
  const { report } = outcome
  return {
    results: report.results.map(({ latencyMs: _latency, ...rest }: CaseResult) => rest),
    summary: report.summary.map(({ latencyMs: _latency, ...rest }) => rest),
    suites: report.run.suites.map((suite) => ({ name: suite.name, cases: suite.cases })),
    toolSets: report.toolSets,
    gates: report.gates,
    exitCode: outcome.exitCode,
    variants: report.variantComparisons,
  }
}

for (const form of ['json', 'jsonl'] as const) {
  describe(`a run of the suites written as ${form === 'json' ? '.json documents' : '.json with a .jsonl case file'} equals the run of the same suites as YAML`, () => {
    const suites = join(projectRoot, 'suites')
    const runs: Record<string, Partial<RunOptions> & { readonly from?: string }> = {
      'every case': {},
      '--filter': { filter: '*paris*' },
      '--shard 2/3 and two models': { shard: { index: 2, count: 3 }, models: ['baseline', { spec: 'baseline', label: 'again' }] },
      '--repeat 3': { repeat: 3 },
      'variants': { from: join(projectRoot, 'examples', 'descriptions') },
    }
    for (const [name, { from = suites, ...options }] of Object.entries(runs)) {
      it(name, async () => {
        // One folder, first as YAML then rewritten: live stub modules have the same paths (they are in fingerprints).
        const dir = copyOf(from, `${form}-${name}`)
        const run = (out: string) => runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: join(scratch, `${form}-${name}-${out}`), concurrency: 3, ...options })
        const fromYaml = await run('yaml')
        rewrite(dir, form)
        const rewritten = await run(form)
        expect(fromYaml.report.results.length).toBeGreaterThan(0)
        expect(comparable(rewritten)).toEqual(comparable(fromYaml))
      })
    }

    it('--resume keeps the same results', async () => {
      const dir = copyOf(suites, `${form}-resume-suites`)
      const full = await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: join(scratch, `${form}-resume-full`), repeat: 2, concurrency: 2 })
      rewrite(dir, form)
      const out = join(scratch, `${form}-resume`)
      const controller = new AbortController()
      await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, signal: controller.signal, onResult: (_result, progress) => {
        if (progress.done === 9) controller.abort()
      } })
      const resumed = await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, resume: true })
      expect(resumed.resumed?.kept).toBeGreaterThanOrEqual(9)
      expect(comparable(resumed)).toEqual(comparable(full))
    })

    it('shards joined by merge, and show, print what they print for the YAML suites', async () => {
      const dir = copyOf(suites, `${form}-merge-suites`)
      const cli = async (label: string) => {
        const shards = ['1/2', '2/2'].map((shard) => join(scratch, `${form}-${label}-shard-${shard.replace('/', '-')}`))
        for (const [index, out] of shards.entries()) {
          const run = await runMain(['run', dir, '--model', 'baseline', '--shard', `${index + 1}/2`, '--out', out])
          expect(run.stderr).not.toContain('Error')
        }
        const merged = join(scratch, `${form}-${label}-merged`)
        const merge = await runMain(['merge', ...shards.map((out) => join(out, 'report.json')), '--out', merged])
        expect(merge.code).toBeLessThan(2)
        const show = await runMain(['show', join(merged, 'report.json'), '--all'])
        expect(show.code).toBe(0)
        const report = JSON.parse(readFileSync(join(merged, 'report.json'), 'utf8')) as { results: CaseResult[]; summary: Record<string, unknown>[] }
        return {
          merge: merge.stdout.replaceAll(merged, '<out>').replace(/\d+(\.\d+)? ?m?s\b/g, '<time>'),
          show: show.stdout.replace(/\d+(\.\d+)? ?m?s\b/g, '<time>'),
          results: report.results.map(({ latencyMs: _latency, ...rest }) => rest),
        }
      }
      const fromYaml = await cli('yaml')
      rewrite(dir, form)
      const rewritten = await cli(form)
      expect(fromYaml.results.length).toBeGreaterThan(0)
      expect(rewritten).toEqual(fromYaml)
    })
  })
}
