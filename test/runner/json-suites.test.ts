import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-json-suites-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A copy of a folder of suites, in the scratch folder. */
function copyOf(from: string, name: string): string {
  const to = join(scratch, name)
  cpSync(from, to, { recursive: true })
  return to
}

/** Writes each `suite.yaml` under `to` as `suite.json` instead. */
function toJson(to: string): void {
  const convert = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) convert(path)
      else if (entry.name === 'suite.yaml') {
        writeFileSync(join(dir, 'suite.json'), JSON.stringify(parse(readFileSync(path, 'utf8')), null, 1))
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

describe('a run of .json suites equals the run of the same suites as YAML', () => {
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
      // One folder, first as YAML then as JSON: live stub modules have the same paths (they are in fingerprints).
      const dir = copyOf(from, name)
      const run = (out: string) => runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: join(scratch, `${name}-${out}`), concurrency: 3, ...options })
      const fromYaml = await run('yaml')
      toJson(dir)
      const fromJson = await run('json')
      expect(fromYaml.report.results.length).toBeGreaterThan(0)
      expect(comparable(fromJson)).toEqual(comparable(fromYaml))
    })
  }

  it('--resume keeps the same results', async () => {
    const dir = copyOf(suites, 'resume-suites')
    const full = await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: join(scratch, 'resume-full'), repeat: 2, concurrency: 2 })
    toJson(dir)
    const out = join(scratch, 'resume')
    const controller = new AbortController()
    await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, signal: controller.signal, onResult: (_result, progress) => {
      if (progress.done === 9) controller.abort()
    } })
    const resumed = await runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, resume: true })
    expect(resumed.resumed?.kept).toBeGreaterThanOrEqual(9)
    expect(comparable(resumed)).toEqual(comparable(full))
  })
})
