import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import { summarize } from '../../src/report/summarize.ts'
import { repeatLines } from '../../src/report/repeat-text.ts'
import { evaluateGates, type GateResult } from '../../src/gates/gates.ts'
import { exitCodeFor } from '../../src/runner/exit-code.ts'
import { inShard } from '../../src/runner/shard.ts'
import { makeResult } from '../stats/make-result.ts'
import { runCli } from './cli-helpers.ts'

/** 30 cases × 2 models × 3 repeats with a deterministic mix of passes, failures and latencies. */
function fullRun(): CaseResult[] {
  return Array.from({ length: 30 }, (_, i) => `case-${i}`).flatMap((id, i) =>
    ['model-a', 'model-b'].flatMap((model, m) => [0, 1, 2].map((repeat) =>
      makeResult({ case: id, model, repeat, passed: (i * 7 + m * 3 + repeat * 5) % 4 !== 0, latencyMs: 10 + ((i + repeat) % 9) }))))
}

const gate = { name: 'min-accuracy', model: 'model-a', value: 0, threshold: 0.7, passed: false } as const

/** A report as `toolgauge run` writes it: summary from summarize(), gates evaluated, optional shard. */
function runReport(results: readonly CaseResult[], shard?: { index: number; count: number }, extensions: Record<string, unknown> = {}): Report {
  const summary = summarize(results).map((s) => ({ ...s, ...extensions }))
  return {
    schemaVersion: 1,
    run: {
      startedAt: `2026-11-29T20:0${shard?.index ?? 0}:00.000Z`, finishedAt: `2026-11-29T20:1${shard?.index ?? 0}:00.000Z`, toolgaugeVersion: '0.1.0',
      models: ['model-a', 'model-b'], suites: [{ name: 'weather', file: 'suites/weather/suite.yaml', cases: 30 }], repeat: 3,
      ...(shard ? { shard } : {}),
    },
    results,
    summary,
    gates: evaluateGates([{ type: 'min-accuracy', threshold: gate.threshold, model: gate.model }], summary),
  }
}

function shardReports(count: number): { file: string; report: Report }[] {
  return Array.from({ length: count }, (_, i) => {
    const shard = { index: i + 1, count }
    return { file: `shard-${i + 1}.json`, report: runReport(fullRun().filter((r) => inShard(r.suite, r.case, shard)), shard) }
  })
}

// Summaries hold float sums whose last bits depend on result order; compare to 12 significant digits.
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number(value.toPrecision(12))
  if (Array.isArray(value)) return value.map(rounded)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]))
  return value
}

const byKey = (results: readonly CaseResult[]) => [...results].sort((a, b) => `${a.case}${a.model}${a.repeat}`.localeCompare(`${b.case}${b.model}${b.repeat}`))

describe('mergeReports', () => {
  it('makes shards of a run equal to the unsharded run', () => {
    const full = runReport(fullRun())
    const shards = shardReports(3)
    expect(shards.every((s) => s.report.results.length > 0 && s.report.results.length < full.results.length)).toBe(true)
    const { report, duplicates, warnings } = mergeReports(shards)
    expect(duplicates).toBe(0)
    expect(warnings).toEqual([])
    expect(byKey(report.results)).toEqual(byKey(full.results))
    expect(rounded(report.summary)).toEqual(rounded(full.summary))
    expect(report.gates).toEqual(full.gates)
    expect(report.summary[0]).toHaveProperty('passHatK.3')
    expect(report.run).toMatchObject({ startedAt: '2026-11-29T20:01:00.000Z', finishedAt: '2026-11-29T20:13:00.000Z', models: ['model-a', 'model-b'], repeat: 3 })
    const held = [1, 2, 3].map((index) => ({ index, count: 3 }))
    expect(report.run.merged).toEqual({
      from: ['shard-1.json', 'shard-2.json', 'shard-3.json'], shards: held,
      // Each model's shard set and its --repeat, which a later merge of this report checks as it checks shard reports.
      shardSets: ['model-a', 'model-b'].map((model) => ({ model, suites: ['weather'], repeat: 3, shards: held })),
    })
    expect(report.run).not.toHaveProperty('shard')
  })

  it("keeps every shard's tool sets, so merged turns still name the tools they sent", () => {
    const weather = [{ name: 'get_weather', parameters: { type: 'object' } }]
    const time = [{ name: 'get_time', parameters: { type: 'object' } }]
    const shards = shardReports(2)
    const withSets: { file: string; report: Report }[] = [
      { ...shards[0]!, report: { ...shards[0]!.report, toolSets: { ts_weather: weather } } },
      { ...shards[1]!, report: { ...shards[1]!.report, toolSets: { ts_weather: weather, ts_time: time } } },
    ]
    expect(mergeReports(withSets).report.toolSets).toEqual({ ts_weather: weather, ts_time: time })
    expect(mergeReports(shards).report).not.toHaveProperty('toolSets')
  })

  it('recomputes gates from the merged summary, not from the shards verdicts', () => {
    const shards = shardReports(2)
    const merged = mergeReports(shards).report
    const accuracy = merged.summary.find((s) => s.model === 'model-a')!.accuracy
    expect(merged.gates).toEqual([{ ...gate, value: accuracy, passed: accuracy !== null && accuracy >= gate.threshold, gate: { kind: 'metric', type: 'min-accuracy', threshold: gate.threshold, model: gate.model } }])
  })

  it('warns when duplicates disagree on the verdict though both did not pass: errored is not failed', () => {
    const results = fullRun().slice(0, 12)
    expect(results[0]!.passed).toBe(false)
    // The same run errored in the other report (an outage): no verdict on the model, unlike the failure kept.
    const errored = results.map((r, i) => (i === 0 ? { ...r, failures: [{ kind: 'provider_error' as const, message: 'HTTP 503' }] } : r))
    const { warnings } = mergeReports([{ file: 'a.json', report: runReport(results) }, { file: 'b.json', report: runReport(errored) }])
    expect(warnings).toEqual(['weather/case-0 [model-a] #1: errored in b.json (no verdict), failed in a.json; kept the failed result'])
  })

  it('a run errored in one report and judged in another is the judged result, whichever report comes first (errored is no verdict)', () => {
    const results = fullRun().slice(0, 12)
    expect(results[1]!.passed).toBe(true)
    // Shard 1 was run during an outage, then again: the second report has the verdict the outage kept from the first.
    const errored = results.map((r, i) => (i === 1 ? { ...r, passed: false, verdict: 'errored' as const, failures: [{ kind: 'provider_error' as const, message: 'HTTP 503' }] } : r))
    const outcomes = [
      mergeReports([{ file: 'outage.json', report: runReport(errored) }, { file: 'rerun.json', report: runReport(results) }]),
      mergeReports([{ file: 'rerun.json', report: runReport(results) }, { file: 'outage.json', report: runReport(errored) }]),
    ]
    for (const { report, duplicates, warnings } of outcomes) {
      expect(byKey(report.results)).toEqual(byKey(results))
      expect(report.summary.find((row) => row.model === 'model-a')).toMatchObject({ errored: 0 })
      expect(duplicates).toBe(12)
      expect(warnings).toEqual(['weather/case-0 [model-a] #2: errored in outage.json (no verdict), passed in rerun.json; kept the passed result'])
    }
    expect(rounded(outcomes[0]!.report.summary)).toEqual(rounded(outcomes[1]!.report.summary))
  })

  it('refuses duplicates that disagree, in either order (merge-disagreeing-copies.test.ts has the rest)', () => {
    const results = fullRun().slice(0, 12)
    // case-0's first run failed; the other report's copy passed.
    expect(results[0]!.passed).toBe(false)
    const flipped = results.map((r, i) => (i === 0 ? { ...r, passed: true, failures: [] } : r))
    const [a, b] = [{ file: 'a.json', report: runReport(results) }, { file: 'b.json', report: runReport(flipped) }]
    expect(() => mergeReports([a, b])).toThrow('b.json: results[0]: weather/case-0 [model-a] #1: a.json and b.json hold different copies of this case run (verdict failed in a.json, passed in b.json)')
    expect(() => mergeReports([b, a])).toThrow('a.json: results[0]: weather/case-0 [model-a] #1: b.json and a.json hold different copies of this case run (verdict passed in b.json, failed in a.json)')
    // The same copies are one result, kept once.
    const same = mergeReports([a, { file: 'b.json', report: runReport(results) }])
    expect([same.report.results, same.duplicates, same.warnings]).toEqual([results, 12, []])
  })

  it('refuses a missing shard or an interrupted run unless partial merges are allowed', () => {
    const shards = shardReports(3)
    expect(() => mergeReports([shards[0]!, shards[2]!])).toThrow(/incomplete set of reports: shard 2\/3 missing/)
    const interrupted = { file: 'x.json', report: { ...shards[1]!.report, run: { ...shards[1]!.report.run, interrupted: true } } }
    expect(() => mergeReports([shards[0]!, interrupted, shards[2]!])).toThrow(/x\.json is from an interrupted run/)
    const partial = mergeReports([shards[0]!, shards[2]!], { allowPartial: true })
    expect(partial.warnings).toEqual(['partial merge: shard 2/3 missing'])
  })

  it('refuses shards of different models as one set: each model ran half its cases, its gate would read that half', () => {
    // Shard 1/2 run with model-a only and shard 2/2 with model-b only: two shard numbers, but no model ran every case.
    const alone = (model: string, index: number) => {
      const shard = { index, count: 2 }
      const results = fullRun().filter((r) => r.model === model && inShard(r.suite, r.case, shard))
      const report = runReport(results, shard)
      return { file: `${model}-${index}.json`, report: { ...report, run: { ...report.run, models: [model] } } }
    }
    const halves = [alone('model-a', 1), alone('model-b', 2)]
    expect(() => mergeReports(halves)).toThrow('incomplete set of reports: shard 2/2 of model-a missing; shard 1/2 of model-b missing')
    expect(mergeReports(halves, { allowPartial: true }).warnings).toEqual(['partial merge: shard 2/2 of model-a missing', 'partial merge: shard 1/2 of model-b missing'])
    // Both models sharded in runs of their own, every shard there: complete.
    expect(mergeReports([alone('model-a', 1), alone('model-b', 1), alone('model-a', 2), alone('model-b', 2)]).warnings).toEqual([])
    // The same model's shards of different --filter runs are not one run either.
    const filtered = (index: number, filter: string) => ({ ...alone('model-a', index), report: { ...alone('model-a', index).report, run: { ...alone('model-a', index).report.run, filter } } })
    expect(() => mergeReports([filtered(1, 'case-1*'), filtered(2, 'case-2*')])).toThrow('shard 2/2 of model-a (suites weather, filter case-1*) missing; shard 1/2 of model-a (suites weather, filter case-2*) missing')
  })

  describe("a report's gates judge the models of its own run only", () => {
    // Run "c" (model-c, no gate) failed one case of four: its exit code is 1. Run "g" (model-g) set --min-accuracy 0.5.
    const ungated = ['c1', 'c2', 'c3', 'c4'].map((id) => makeResult({ case: id, model: 'model-c', passed: id !== 'c4' }))
    const gated = ['c1', 'c2', 'c3', 'c4'].map((id) => makeResult({ case: id, model: 'model-g', passed: true }))
    const reportOf = (results: CaseResult[], gates: Parameters<typeof evaluateGates>[0]): Report => {
      const summary = summarize(results)
      const base = runReport(results)
      return { ...base, run: { ...base.run, models: [results[0]!.model] }, summary, gates: evaluateGates(gates, summary) }
    }
    const c = { file: 'c.json', report: reportOf(ungated, []) }
    const g = { file: 'g.json', report: reportOf(gated, [{ type: 'min-accuracy', threshold: 0.5 }]) }

    it('a gate naming no model is not evaluated for another report\'s models; it is stored per model it covered', () => {
      for (const inputs of [[c, g], [g, c]]) {
        const { report } = mergeReports(inputs)
        const gates = report.gates as GateResult[]
        expect(gates.map((line) => [line.name, line.model, line.passed])).toEqual([['min-accuracy', 'model-g', true]])
        expect(gates[0]!.gate).toEqual({ kind: 'metric', type: 'min-accuracy', threshold: 0.5, model: 'model-g' })
      }
      // A report whose run lists no model (hand-built) covers the models its results name.
      const unlisted = { file: 'g.json', report: { ...g.report, run: { ...g.report.run, models: [] } } }
      expect((mergeReports([c, unlisted]).report.gates as GateResult[]).map((line) => line.model)).toEqual(['model-g'])
      // Over the models of the runs that recorded it (shards of one run), the gate is stored as it was.
      expect(mergeReports(shardReports(2)).report.gates).toEqual(runReport(fullRun()).gates)
    })

    it('the merged exit code asks every case of a report without metric gates to pass, as its run did', () => {
      for (const inputs of [[c, g], [g, c]]) {
        const { report, mustPass } = mergeReports(inputs)
        expect(mustPass.map((r) => r.case)).toEqual(['c1', 'c2', 'c3', 'c4'])
        expect(exitCodeFor(report.results, report.gates as GateResult[], false, undefined, mustPass)).toBe(1)
      }
      const passing = { file: 'c.json', report: reportOf(ungated.map((r) => ({ ...r, passed: true, failures: [] })), []) }
      const merged = mergeReports([passing, g])
      expect(exitCodeFor(merged.report.results, merged.report.gates as GateResult[], false, undefined, merged.mustPass)).toBe(0)
      expect(mergeReports(shardReports(2)).mustPass).toEqual([])
    })

    it('a result a gated and an ungated report both hold must pass whichever copy is kept (any input order)', () => {
      // Run "again" ran model-g's cases once more without a gate and failed c4, as g's run did (within its gate).
      const failedC4 = gated.map((r) => (r.case === 'c4' ? makeResult({ case: 'c4', model: 'model-g', passed: false }) : r))
      const withGate = { file: 'g.json', report: reportOf(failedC4, [{ type: 'min-accuracy', threshold: 0.5 }]) }
      const again = { file: 'again.json', report: reportOf(failedC4, []) }
      for (const inputs of [[withGate, again], [again, withGate]]) {
        const { report, mustPass, duplicates } = mergeReports(inputs)
        expect(duplicates).toBe(4)
        expect(mustPass.map((r) => r.case)).toEqual(['c1', 'c2', 'c3', 'c4'])
        expect(exitCodeFor(report.results, report.gates as GateResult[], false, undefined, mustPass)).toBe(1)
      }
    })

    it('a merged report\'s record of what must pass is checked: a damaged one is named (file and field)', () => {
      const { report } = mergeReports([c, g])
      const damaged = (mustPass: unknown) => ({ file: 'cg.json', report: { ...report, run: { ...report.run, merged: { from: ['c.json', 'g.json'], mustPass } } } })
      expect(() => mergeReports([damaged('all')])).toThrow('cg.json: run.merged.mustPass: expected a list of results (suite, case, model, repeat)')
      expect(() => mergeReports([damaged([{ suite: 'weather', case: 'c1', model: 'model-c' }])])).toThrow('cg.json: run.merged.mustPass[0].repeat: expected the repeat index (an integer)')
    })

    it('toolgauge merge of the two exits 1 (run c failed a case), not 0 under g\'s gate', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toolgauge-merge-'))
      const files = [c, g].map(({ file, report }) => {
        writeFileSync(join(dir, file), JSON.stringify(report))
        return join(dir, file)
      })
      const merged = await runCli(['merge', ...files, '--out', join(dir, 'merged')])
      expect(merged.code, merged.stderr).toBe(1)
      expect(merged.stdout).not.toContain('min-accuracy [model-c]')
      expect(merged.stdout).toContain('1 case run(s) failed that no gate covers')
    })
  })

  it('refuses shards that split the cases differently', () => {
    expect(() => mergeReports([...shardReports(2), ...shardReports(3)])).toThrow(/split the cases differently/)
  })

  it('carries summary extensions it cannot recompute: equal ones as is, numeric ones weighted by cases', () => {
    const [one, two] = shardReports(2).map(({ file, report }, i) => ({
      file, report: { ...report, summary: report.summary.map((s) => ({ ...s, toolTokens: { perRequest: i === 0 ? 100 : 200 }, tokenizer: 'o200k' })) },
    }))
    const merged = mergeReports([one!, two!]).report.summary[0]!
    const [n1, n2] = [one!, two!].map((s) => s.report.summary[0]!.cases)
    // `tokenizer` is no field of this version's summary: carried as any key a report file holds.
    expect((merged as Readonly<Record<string, unknown>>).tokenizer).toBe('o200k')
    expect((merged.toolTokens as { perRequest: number }).perRequest).toBeCloseTo((100 * n1! + 200 * n2!) / (n1! + n2!), 10)
  })
})

describe('toolgauge merge', () => {
  function writeShards(count: number): { dir: string; files: string[] } {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-merge-'))
    const files = shardReports(count).map(({ report }, i) => {
      const file = join(dir, `shard-${i + 1}.json`)
      writeFileSync(file, JSON.stringify(report))
      return file
    })
    return { dir, files }
  }

  it('writes the merged report and the requested formats, exiting like run', async () => {
    const { dir, files } = writeShards(3)
    const out = join(dir, 'merged')
    const { code, stdout } = await runCli(['merge', ...files, '--out', out, '--format', 'md,junit,html'])
    const merged = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    expect(merged.results).toHaveLength(180)
    expect(['report.md', 'report.xml', 'report.html'].every((f) => existsSync(join(out, f)))).toBe(true)
    expect(stdout).toContain('Merged 3 report(s): 180 results.')
    // The repeat lines `toolgauge run` prints under its table (pass@k, pass^k, the flaky cases), from the merged summary.
    const repeated = repeatLines(merged.summary)
    expect(repeated.some((line) => line.startsWith('Flaky cases ('))).toBe(true)
    expect(stdout).toContain(repeated.join('\n'))
    const gates = merged.gates as { passed: boolean }[]
    expect(code).toBe(gates.every((g) => g.passed) ? 0 : 1)
  })

  it('exits 2 naming the file for a bad report, or for a missing shard', async () => {
    const { dir, files } = writeShards(2)
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, '[1, 2')
    const result = await runCli(['merge', files[0]!, bad, '--out', join(dir, 'out')])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(bad)
    const missing = await runCli(['merge', files[0]!, '--out', join(dir, 'out')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('shard 2/2 missing')
  })
})
