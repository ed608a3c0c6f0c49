import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf, turn } from '../report/sample-report.ts'
import { mergeRefusal } from './merge-refusal.ts'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// Two reports holding copies of one case run (suite, case, model, repeat) that differ are two runs of it, and merge
// has no ground to prefer either: it kept the first, so the merged verdicts, figures and exit code followed the order
// of the files on the command line. Now it refuses (exit 2) naming the case, both files and what differs; copies
// that are the same result (overlapping shards, a merged report merged with one of its inputs) are kept once; an
// errored copy (no verdict) still yields to a judged one, in any order.

const results = (): CaseResult[] => ['c1', 'c2', 'c3'].map((id) => makeResult({ case: id, passed: id !== 'c3', turns: [turn(`Sunny in ${id}.`, { name: 'get_weather', rawArguments: '{"city":"Paris"}' }, '20C')] }))
const input = (file: string, list: readonly CaseResult[]): ReportInput => ({ file, report: reportOf(list) })
const replace = (list: readonly CaseResult[], id: string, change: (result: CaseResult) => CaseResult) => list.map((r) => (r.case === id ? change(r) : r))

describe('merge refuses copies of one case run that differ, in any order', () => {
  it('a different verdict: refused naming the case, both files and both verdicts', () => {
    const a = input('a.json', results())
    const b = input('b.json', replace(results(), 'c3', (r) => ({ ...r, passed: true, failures: [] })))
    expect(mergeRefusal([a, b])).toContain('b.json: results[2]: weather/c3 [model-a] #1: a.json and b.json hold different copies of this case run (verdict failed in a.json, passed in b.json')
    expect(mergeRefusal([b, a])).toContain('a.json: results[2]: weather/c3 [model-a] #1: b.json and a.json hold different copies of this case run (verdict passed in b.json, failed in a.json')
  })

  it('the same verdict and another transcript: refused, saying the transcripts differ', () => {
    const a = input('a.json', results())
    const b = input('b.json', replace(results(), 'c1', (r) => ({ ...r, turns: [turn('Rain in c1.', { name: 'get_weather', rawArguments: '{"city":"Paris"}' }, '20C')] })))
    for (const order of [[a, b], [b, a]]) expect(mergeRefusal(order)).toMatch(/weather\/c1 \[model-a\] #1: .* hold different copies of this case run \(the transcripts differ: turns\)/)
  })

  it('the same verdict and transcript, another measurement: refused, naming the fields (the merged figures would follow the order)', () => {
    const a = input('a.json', results())
    const b = input('b.json', replace(results(), 'c2', (r) => ({ ...r, latencyMs: 900 })))
    for (const order of [[a, b], [b, a]]) expect(mergeRefusal(order)).toContain('(these fields differ: latencyMs)')
  })

  it('copies that are the same result (overlapping shards) are kept once, without a warning', () => {
    const all = results()
    const inputs = [input('one.json', all.slice(0, 2)), input('all.json', all), input('again.json', JSON.parse(JSON.stringify(all)) as CaseResult[])]
    const { report, duplicates, warnings } = mergeReports(inputs)
    expect(report.results).toEqual(all)
    expect(duplicates).toBe(5)
    expect(warnings).toEqual([])
  })

  it('an errored copy yields to a judged one in any order; two judged copies that differ are refused beside it', () => {
    const errored = replace(results(), 'c3', (r) => ({ ...r, verdict: 'errored' as const, failures: [{ kind: 'provider_error' as const, message: 'HTTP 503' }] }))
    const erroredAgain = replace(errored, 'c3', (r) => ({ ...r, latencyMs: 77, failures: [{ kind: 'provider_error' as const, message: 'HTTP 502' }] }))
    const [outage, outage2, rerun] = [input('outage.json', errored), input('outage-2.json', erroredAgain), input('rerun.json', results())]
    for (const order of [[outage, outage2, rerun], [rerun, outage2, outage], [outage2, rerun, outage]]) {
      const { report, warnings } = mergeReports(order)
      expect(report.results).toEqual(results())
      expect(warnings).toHaveLength(2)
      expect(warnings).toContainEqual('weather/c3 [model-a] #1: errored in outage.json (no verdict), failed in rerun.json; kept the failed result')
    }
    // Two errored copies that differ, and no judged one: no ground to choose either.
    expect(mergeRefusal([outage, outage2])).toContain('outage.json and outage-2.json hold different copies of this case run (these fields differ: failures, latencyMs)')
    const passed = input('passed.json', replace(results(), 'c3', (r) => ({ ...r, passed: true, failures: [] })))
    for (const order of [[outage, rerun, passed], [passed, outage, rerun], [rerun, passed, outage]]) expect(mergeRefusal(order)).toContain('weather/c3 [model-a] #1:')
  })

  it('toolgauge merge exits 2 with the refusal, whichever file comes first, and no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-merge-'))
    const write = (name: string, report: Report) => {
      writeFileSync(join(dir, name), JSON.stringify(report))
      return join(dir, name)
    }
    const a = write('a.json', reportOf(results()))
    const b = write('b.json', reportOf(replace(results(), 'c3', (r) => ({ ...r, passed: true, failures: [] }))))
    for (const [first, second] of [[a, b], [b, a]]) {
      const merged = await runCli(['merge', first!, second!, '--out', join(dir, 'merged')])
      expectInputError(merged, `${second}: results[2]: weather/c3 [model-a] #1: ${first} and ${second} hold different copies`, 'merge only one report holding it')
    }
  })

  it('toolgauge merge of a merged report with one of its own shards keeps each result once (overlapping shards)', async () => {
    const dir = storeFiles({ a: 3 })
    const shard = async (index: number) => {
      const out = join(dir, `shard-${index}`)
      const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'a.yaml')}`, '--shard', `${index}/2`, '--repeat', '2', '--out', out])
      expect([0, 1], result.stderr).toContain(result.code)
      return join(out, 'report.json')
    }
    const shards = [await shard(1), await shard(2)]
    const whole = await runCli(['merge', ...shards, '--out', join(dir, 'whole')])
    expect(whole.code, whole.stderr).toBe(1)
    const wholeFile = join(dir, 'whole', 'report.json')
    const held = (JSON.parse(readFileSync(shards[0]!, 'utf8')) as Report).results.length
    for (const inputs of [[wholeFile, shards[0]!], [shards[0]!, wholeFile, shards[1]!]]) {
      const again = await runCli(['merge', ...inputs, '--out', join(dir, 'again')])
      expect(again.code, again.stderr).toBe(1)
      expect(again.stderr).toBe('')
      expect(again.stdout).toContain(`Merged ${inputs.length} report(s): 8 results, ${inputs.length === 2 ? held : 8} duplicate(s) dropped.`)
      expect((JSON.parse(readFileSync(join(dir, 'again', 'report.json'), 'utf8')) as Report).results).toEqual((JSON.parse(readFileSync(wholeFile, 'utf8')) as Report).results)
    }
  })
})
