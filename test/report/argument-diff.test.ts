import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { argumentDiff, argumentDiffText } from '../../src/report/argument-diff.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { makeCase, runScripted, turn } from '../helpers/cases.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf, turn as resultTurn } from './sample-report.ts'
import { parseXml } from './xml-check.ts'

// Issue 28: a failing call shows expected against actual arguments, argument by argument, in every output.
const expected = { name: 'get_weather', args: { city: 'Paris', unit: 'celsius', days: { range: [1, 3] } } }
const sent = '{"city":"Lyon","unit":"celsius","days":5}'

async function scoredFailure() {
  const { score } = await runScripted(makeCase({ expect: { calls: [expected] } }), [turn('', ['get_weather', sent]), turn('ok')])
  return score.failures
}

async function failingResult(): Promise<CaseResult> {
  return makeResult({
    case: 'lyon', passed: false, verdict: 'failed', failures: await scoredFailure(),
    turns: [resultTurn('', { name: 'get_weather', rawArguments: sent }, '{"temp":18}')],
  })
}

const diffLines = ['- city: "Paris"', '+ city: "Lyon"', '  unit: "celsius"', '- days: a number in [1, 3]', '+ days: 5']

describe('wrong_argument_value lists every mismatching argument', () => {
  it('keeps one failure for the call, naming both wrong arguments, and stores every argument compared', async () => {
    const failures = await scoredFailure()
    expect(failures.map((f) => f.kind)).toEqual(['wrong_argument_value'])
    expect(failures[0]?.message).toBe('get_weather: argument city was "Lyon", expected "Paris"; argument days was 5, expected a number in [1, 3]')
    // Two wrong arguments: the path names the call's arguments, not the first of them.
    expect(failures[0]?.path).toBe('turns[0].calls[0].arguments')
    expect(failures[0]?.arguments).toEqual([
      { argument: 'city', expected: '"Paris"', actual: 'Lyon', matches: false },
      { argument: 'unit', expected: '"celsius"', actual: 'celsius', matches: true },
      { argument: 'days', expected: 'a number in [1, 3]', actual: 5, matches: false },
    ])
  })

  it('keeps the path of the one wrong argument, and compares nested objects field by field', async () => {
    const tools = [{ name: 'find', parameters: { type: 'object', properties: { where: { type: 'object' }, limit: { type: 'integer' } } } }]
    const testCase = makeCase({ tools, expect: { calls: [{ name: 'find', args: { where: { from: 'a', to: 'b' } } }] } })
    const { score } = await runScripted(testCase, [turn('', ['find', '{"where":{"from":"a","to":"c"},"limit":3}']), turn('ok')])
    expect(score.failures[0]?.path).toBe('turns[0].calls[0].arguments.where.to')
    expect(argumentDiff(score.failures[0]!).map((line) => `${line.sign} ${line.argument}: ${line.value}${line.note ? ` (${line.note})` : ''}`)).toEqual([
      '  where.from: "a"', '- where.to: "b"', '+ where.to: "c"', '  limit: 3 (not in the expectation)',
    ])
  })

  it('shows an argument the model left out as (absent)', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } }] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(argumentDiffText(score.failures[0]!, '')).toEqual(['arguments (- expected, + actual):', '  city: "Paris"', '- unit: "celsius"', '+ unit: (absent)'])
  })
})

describe('every output shows the per-argument diff', () => {
  it('show (the transcript text)', async () => {
    const text = formatTranscript(await failingResult())
    expect(text).toContain(['      arguments (- expected, + actual):', ...diffLines.map((line) => `      ${line}`)].join('\n'))
  })

  it('JUnit failure text', async () => {
    const testcase = parseXml(toJunit(reportOf([await failingResult()]))).children[0]!.children[0]!
    expect(testcase.children[0]!.text).toContain(diffLines.map((line) => `  ${line}`).join('\n'))
  })

  it('Markdown, as a diff block per failing call', async () => {
    const md = toMarkdown(reportOf([await failingResult()]))
    expect(md).toContain('#### Arguments: expected (-) against actual (+)')
    expect(md).toContain(['```diff', ...diffLines, '```'].join('\n'))
  })

  it('keeps a Markdown diff block closed against backticks in a value', async () => {
    const failure = { kind: 'wrong_argument_value' as const, message: 'x', arguments: [{ argument: 'q', expected: '"a"', actual: '```\n# injected', matches: false }] }
    const md = toMarkdown(reportOf([makeResult({ case: 'ticks', passed: false, failures: [failure] })]))
    expect(md).toContain('````diff\n- q: "a"\n+ q: "```\\n# injected"\n````')
  })

  it('the HTML report, as a table under the failure', async () => {
    const html = toHtml(reportOf([await failingResult()]))
    const table = /<table class="arg-diff">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? ''
    const rows = [...table.matchAll(/<tr class="(\w+)"><td class="sign">([-+]?)<\/td><td>([^<]*)<\/td><td><code>([^<]*)<\/code>/g)].map((m) => [m[1], m[2], m[3], m[4]])
    expect(rows).toEqual([
      ['expected', '-', 'city', '&quot;Paris&quot;'], ['actual', '+', 'city', '&quot;Lyon&quot;'], ['same', '', 'unit', '&quot;celsius&quot;'],
      ['expected', '-', 'days', 'a number in [1, 3]'], ['actual', '+', 'days', '5'],
    ])
  })
})
