import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { inShard, parseShard } from '../../src/runner/shard.ts'

const temp = () => mkdtempSync(join(tmpdir(), 'toolgauge-resume-'))
/** What must be equal between two runs: everything but wall-clock fields. */
const comparable = (results: readonly CaseResult[]) =>
  results.map(({ latencyMs: _latency, ...rest }) => rest).sort((a, b) => `${a.suite}/${a.case}/${a.repeat}`.localeCompare(`${b.suite}/${b.case}/${b.repeat}`))

describe('resume and shards', () => {
  it('an interrupted run, resumed, equals an uninterrupted one', async () => {
    const full = await runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: temp(), repeat: 2, concurrency: 2 })
    const out = temp()
    const controller = new AbortController()
    const interrupted = await runEvaluation({
      suitePaths: ['suites'], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, signal: controller.signal,
      onResult: (_result, progress) => {
        if (progress.done === 7) controller.abort()
      },
    })
    expect(interrupted.exitCode).toBe(130)
    expect(interrupted.report.run.interrupted).toBe(true)
    expect(interrupted.report.results.length).toBeLessThan(full.report.results.length)
    const resumed = await runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: out, repeat: 2, concurrency: 2, resume: true })
    expect(resumed.report.results).toHaveLength(full.report.results.length)
    expect(comparable(resumed.report.results)).toEqual(comparable(full.report.results))
    expect(resumed.report.summary[0]?.accuracy).toBe(full.report.summary[0]?.accuracy)
  })

  it('shards partition the cases deterministically and merge back into the unsharded run', async () => {
    const full = await runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: temp() })
    const shards = await Promise.all([1, 2, 3].map((index) => runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: temp(), shard: { index, count: 3 } })))
    const sizes = shards.map((shard) => shard.report.results.length)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(full.report.results.length)
    expect(sizes.every((size) => size > 0)).toBe(true)
    const merged = mergeReports(shards.map((shard, index) => ({ file: `shard-${index + 1}`, report: shard.report }))).report
    expect(comparable(merged.results)).toEqual(comparable(full.report.results))
    const { latencyMs: _a, ...mergedSummary } = merged.summary[0] ?? {}
    const { latencyMs: _b, ...fullSummary } = full.report.summary[0] ?? {}
    expect(mergedSummary).toEqual(fullSummary)
  })

  it('parses i/n and rejects nonsense', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 })
    expect(() => parseShard('0/5')).toThrow(/--shard/)
    expect(() => parseShard('6/5')).toThrow(/--shard/)
    expect(inShard('s', 'c', { index: 1, count: 1 })).toBe(true)
  })
})
