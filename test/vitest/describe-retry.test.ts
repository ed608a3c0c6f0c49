import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { completionSource } from './child-completion.ts'

// describeSuite under vitest's `retry`: vitest runs a failing test again and reports the last attempt, so the
// result on the test's meta — what toolgauge/vitest/reporter writes to report.json — must be the last attempt's
// too, and an attempt the host did not answer (errored) is never a model failure. The suite runs in a child vitest
// with --retry 1 against a loopback host (started in the child: the parent waits on it synchronously) whose answer
// to each case's prompt is planned per attempt.
const tools = JSON.stringify([
  { name: 'get_weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'get_time', description: 'Local time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
])
const cities = { 'error-then-pass': 'Oslo', 'fail-then-pass': 'Paris', 'pass': 'Rome', 'fail-then-error': 'Lisbon', 'error-then-fail': 'Quito' } as const
const suiteYaml = [
  'name: retry',
  'tools: ./tools.json',
  'stubs:',
  '  get_weather: [{ result: { sky: clear } }]',
  '  get_time: [{ result: { time: noon } }]',
  'cases:',
  ...Object.entries(cities).map(([id, city]) => `  - { id: ${id}, prompt: "Weather in ${city}?", expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`),
].join('\n')
// Per city, what the host does at each attempt: 'error' is a 500 (no answer), 'wrong' calls get_time, 'right' get_weather.
const plans = { Oslo: ['error', 'right'], Paris: ['wrong', 'right'], Rome: ['right'], Lisbon: ['wrong', 'error'], Quito: ['error', 'wrong'] }

const childTest = `
import { afterAll } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
import { startLoopback } from ${JSON.stringify(join(projectRoot, 'test/providers/fake/loopback.ts'))}
const plans = ${JSON.stringify(plans)}
const attempts = {}
const server = await startLoopback((request) => {
  const messages = request.body.messages
  if (messages.some((message) => message.role === 'tool')) return completion({ role: 'assistant', content: 'Done.' }, 'stop')
  const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
  const attempt = attempts[city] = (attempts[city] ?? -1) + 1
  const plan = plans[city][attempt]
  if (plan === 'error') return { type: 'json', status: 500, body: { error: { message: 'overloaded', type: 'server_error' } } }
  const name = plan === 'right' ? 'get_weather' : 'get_time'
  return completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_' + city + attempt, type: 'function', function: { name, arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
})
${completionSource}
afterAll(() => server.close())
describeSuite('suite.yaml', { model: 'openai-compatible:m', cases: ${JSON.stringify(Object.keys(cities))}, concurrency: 1, providerOptions: { baseUrl: server.origin + '/v1', retries: 0 } })
`
const config = `export default { test: { include: ['retry.test.ts'], reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports' }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

/** The child run: vitest's JSON results of every test, and the report toolgauge/vitest/reporter wrote. */
let vitest: Assertion[] = []
let report: Report
const byCase = (id: string) => vitest.find((test) => test.title.startsWith(`retry/${id} `))!
const result = (id: string) => report.results.find((entry) => entry.case === id)

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'retry.test.ts'), childTest)
  const child = runVitest(['--root', dir, '--retry', '1'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-0123456789' } })
  expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
  vitest = (JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((file) => file.assertionResults)
  report = JSON.parse(readFileSync(join(dir, 'reports/report.json'), 'utf8')) as Report
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

describe('describeSuite with vitest retry', () => {
  it('reports each case as its last attempt, as vitest does; an errored attempt is never a model failure', () => {
    expect(Object.keys(cities).map((id) => [id, byCase(id).status])).toEqual([
      ['error-then-pass', 'passed'], ['fail-then-pass', 'passed'], ['pass', 'passed'], ['fail-then-error', 'failed'], ['error-then-fail', 'failed'],
    ])
    // vitest keeps every attempt's error, in order: the last is the attempt it reports — the errored one says so, the
    // failed one names the model's failure.
    const last = (id: string) => byCase(id).failureMessages.at(-1)!
    expect(byCase('fail-then-error').failureMessages).toHaveLength(2)
    expect(last('fail-then-error')).toContain('errored (no verdict on the model): provider_error')
    expect(last('fail-then-error')).not.toContain('wrong_tool')
    expect(last('error-then-fail')).toMatch(/ failed: wrong_tool/)
    // One result per test, the last attempt's.
    expect(Object.keys(cities).map((id) => [id, result(id)?.verdict, result(id)?.failures.map((failure) => failure.kind)])).toEqual([
      ['error-then-pass', 'passed', []],
      ['fail-then-pass', 'passed', []],
      ['pass', 'passed', []],
      ['fail-then-error', 'errored', ['provider_error']],
      ['error-then-fail', 'failed', ['wrong_tool']],
    ])
    expect(report.results.filter((entry) => entry.case in cities)).toHaveLength(5)
  })

  it('counts the errored case apart, in no rate', () => {
    // accuracy is 3 passed of the 4 judged cases. (A test vitest timed out: describe-timeout.test.ts.)
    const summary = report.summary[0]!
    expect({ cases: summary.cases, passed: summary.passed, errored: summary.errored, accuracy: summary.accuracy }).toEqual({ cases: 5, passed: 3, errored: 1, accuracy: 0.75 })
  })
})
