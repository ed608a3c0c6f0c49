// Issue 24, "Results and reports": the conversation summary fields (turns, tasks, stateMatch, callsPerCase,
// repeatedCalls), in the streamed fold and summarize(), the console table, Markdown, HTML and compare.
import { describe, expect, it } from 'vitest'
import type { CaseMetrics, CaseResult } from '../../src/core/result.ts'
import type { Report } from '../../src/core/report.ts'
import { summarize, summaryGroup } from '../../src/report/summarize.ts'
import { summarizeModel } from '../helpers/report-folds.ts'
import { GroupedSummaries } from '../../src/report/summary-accumulator.ts'
import { renderTable } from '../../src/report/table.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { compareModel } from '../../src/compare/compare-model.ts'
import { RateTally } from '../../src/report/rate-counts.ts'
import { comparisonText } from '../../src/compare/format-comparison.ts'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { makeResult } from '../stats/make-result.ts'

const single: CaseMetrics = {
  calls: 1, knownToolCalls: 1, expectedCalls: 1, selectedCalls: 1, correctArgumentCalls: 1,
  hallucinatedToolCalls: 0, hallucinatedParamCalls: 0, schemaViolationCalls: 0, parallelCase: false, irrelevanceCase: false,
}

/** A conversation result's metrics: messages and those passed, the task, state checks, repeated calls. */
function conversationMetrics(calls: number, messages: number, messagesPassed: number, taskPassed: boolean, stateChecks: number, stateMatches: number, repeatedCalls: number): CaseMetrics {
  return { ...single, calls, knownToolCalls: calls, messages, messagesPassed, taskPassed, stateChecks, stateMatches, repeatedCalls }
}

function conversationResults(): CaseResult[] {
  return [
    // 3 messages, all passed, task passed, 2 of 2 states matched, 4 calls, none repeated.
    makeResult({ case: 'return', passed: true, metrics: conversationMetrics(4, 3, 3, true, 2, 2, 0) }),
    // 3 messages, 1 passed, task failed, 0 of 1 state, 6 calls, 2 repeated.
    makeResult({ case: 'refund', passed: false, failures: [{ kind: 'state_mismatch', message: 'the state differs at 1 path', userMessage: 1 }], metrics: conversationMetrics(6, 3, 1, false, 1, 0, 2) }),
    // Errored: in no rate, whatever its metrics say.
    makeResult({ case: 'outage', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }], metrics: conversationMetrics(9, 3, 0, false, 5, 0, 9) }),
    // A single-request case beside them: counts for callsPerCase (and its calls for repeatedCalls when it counts them).
    makeResult({ case: 'weather', passed: true, metrics: { ...single, calls: 2, knownToolCalls: 2, repeatedCalls: 0 } }),
  ]
}

describe('the conversation summary fields', () => {
  it('turns, tasks and stateMatch are rates over conversation results; callsPerCase and repeatedCalls over every scored result', () => {
    const summary = summarizeModel('model-a', conversationResults())
    expect(summary.turns).toBeCloseTo(4 / 6, 12)
    expect(summary.tasks).toBe(1 / 2)
    expect(summary.stateMatch).toBeCloseTo(2 / 3, 12)
    expect(summary.callsPerCase).toBeCloseTo(12 / 3, 12)
    expect(summary.repeatedCalls).toBeCloseTo(2 / 12, 12)
    // `accuracy` stays the case verdict.
    expect(summary.accuracy).toBeCloseTo(2 / 3, 12)
  })

  it('the streamed fold and summarize() agree, in any arrival order', () => {
    const results = conversationResults()
    const streamed = new GroupedSummaries(summaryGroup)
    for (const result of [...results].reverse()) streamed.add(result)
    expect(streamed.finish()).toEqual(summarize(results))
  })

  it('is null when nothing was measured: no conversation, every result errored; repeatedCalls null when no result counted them', () => {
    const plain = summarizeModel('m', [makeResult({ case: 'a', passed: true })])
    expect(plain).toMatchObject({ turns: null, tasks: null, stateMatch: null, repeatedCalls: null, callsPerCase: 1 })
    const errored = summarizeModel('m', [makeResult({ case: 'a', passed: false, failures: [{ kind: 'simulator_error', message: 'the simulator failed' }], metrics: conversationMetrics(3, 2, 2, true, 1, 1, 0) })])
    expect(errored).toMatchObject({ turns: null, tasks: null, stateMatch: null, callsPerCase: null, repeatedCalls: null })
  })

  it('the console table shows them only when the run has conversations ("—" where nothing was measured)', () => {
    const plain = renderTable([summarizeModel('model-a', [makeResult({ case: 'a', passed: true })])])
    expect(plain).not.toContain('turns')
    expect(plain).not.toContain('calls/case')
    const table = renderTable([summarizeModel('model-a', conversationResults())])
    const head = table.split('\n').find((line) => line.includes('turns')) ?? ''
    expect(head).toMatch(/accuracy.*turns.*tasks.*state match.*calls\/case.*repeated calls/)
    const row = table.split('\n').find((line) => line.includes('model-a')) ?? ''
    expect(row).toMatch(/66\.7%.*66\.7%.*50\.0%.*66\.7%.*4\.0.*16\.7%/)
    const noState = conversationResults().map((r) => ({ ...r, metrics: { ...r.metrics, stateChecks: 0, stateMatches: 0 } }))
    const dashRow = renderTable([summarizeModel('model-a', noState)]).split('\n').find((line) => line.includes('model-a')) ?? ''
    expect(dashRow).toMatch(/50\.0%\s*│\s*—\s*│\s*4\.0/)
  })

  it('Markdown and HTML have a Conversations table when the run has conversations, and none otherwise', () => {
    const report = (results: CaseResult[]): Report => ({
      schemaVersion: 2,
      run: { startedAt: '2026-12-01T00:00:00Z', finishedAt: '2026-12-01T00:00:01Z', toolgaugeVersion: '0.0.0', models: ['model-a'], suites: [{ name: 'weather', file: 'suite.yaml', cases: results.length }] },
      results,
      summary: summarize(results),
    })
    const markdown = toMarkdown(report(conversationResults()))
    expect(markdown).toContain('### Conversations')
    expect(markdown).toContain('| Model | Turns | Tasks | State match | Calls/case | Repeated calls |')
    expect(markdown).toContain('| `model-a` | 66.7% | 50.0% | 66.7% | 4.0 | 16.7% |')
    expect(toMarkdown(report([makeResult({ case: 'a', passed: true })]))).not.toContain('### Conversations')
    const html = toHtml(report(conversationResults()))
    expect(html).toContain('<h2>Conversations</h2>')
    expect(html).toMatch(/<td>model-a<\/td><td>66\.7%<\/td><td>50\.0%<\/td><td>66\.7%<\/td><td>4\.0<\/td><td>16\.7%<\/td>/)
    expect(toHtml(report([makeResult({ case: 'a', passed: true })]))).not.toContain('<h2>Conversations</h2>')
    // The metric bars of a row with conversations add turns, tasks, state match and repeated calls.
    expect(html).toMatch(/<text x="0" y="\d+">Turns<\/text>.*<text x="0" y="\d+">Repeated calls<\/text>/)
    expect(toHtml(report([makeResult({ case: 'a', passed: true })]))).not.toContain('>Turns</text>')
  })
})

describe('compare shows the conversation rates', () => {
  it('computes the same rates as the summary', () => {
    const results = conversationResults().filter((r) => r.failures.every((f) => f.kind !== 'provider_error'))
    const summary = summarizeModel('model-a', results)
    const counts = results.reduce((tally, r) => tally.add(r.metrics), new RateTally()).conversationCounts()
    for (const [name, count] of Object.entries(counts)) {
      expect(count.successes / count.trials, name).toBeCloseTo(summary[name as keyof typeof counts] as number, 12)
    }
  })

  it('pairs per case and lists turns, tasks, stateMatch and repeatedCalls after the call rates', () => {
    const base = conversationResults()
    // Head: the refund conversation now passes every message and the task.
    const head = base.map((r) => (r.case === 'refund' ? { ...r, passed: true, failures: [], metrics: conversationMetrics(4, 3, 3, true, 1, 1, 0) } : r))
    const comparison = compareModel('model-a', 'model-a', base, head)
    const byName = Object.fromEntries(comparison.metrics.map((metric) => [metric.name, metric]))
    expect(comparison.metrics.map((m) => m.name).slice(-4)).toEqual(['turns', 'tasks', 'stateMatch', 'repeatedCalls'])
    expect(byName.turns).toMatchObject({ base: 4 / 6, head: 1, lowerIsBetter: false })
    expect(byName.tasks!.delta).toBeCloseTo(0.5, 12)
    expect(byName.stateMatch!.head).toBe(1)
    expect(byName.repeatedCalls).toMatchObject({ lowerIsBetter: true, head: 0 })
    expect(byName.turns!.interval).not.toBeNull()
  })

  it('a single-request comparison has no conversation rows', () => {
    const results = [makeResult({ case: 'a', passed: true }), makeResult({ case: 'b', passed: false })]
    const names = compareModel('model-a', 'model-a', results, results).metrics.map((m) => m.name)
    expect(names).not.toContain('turns')
    expect(names).not.toContain('repeatedCalls')
  })

  it('the comparison text prints the rates', () => {
    const report = (results: CaseResult[]): Report => ({
      schemaVersion: 2,
      run: { startedAt: '2026-12-01T00:00:00Z', finishedAt: '2026-12-01T00:00:01Z', toolgaugeVersion: '0.0.0', models: ['model-a'], suites: [] },
      results,
      summary: summarize(results),
    })
    const text = comparisonText(compareReports(report(conversationResults()), report(conversationResults()), { alpha: 0.05 }))
    expect(text).toMatch(/turns\s+66\.7% → {2}66\.7%/)
    expect(text).toMatch(/tasks\s+50\.0% → {2}50\.0%/)
    expect(text).toMatch(/repeatedCalls\s+16\.7% → {2}16\.7%/)
  })
})
