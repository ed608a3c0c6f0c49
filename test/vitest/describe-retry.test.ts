import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

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
  '  - { id: late, prompt: "Weather in Bergen?", expect: { calls: [{ name: get_weather, args: { city: Bergen } }] } }',
  '  - { id: given-up, prompt: "Weather in Tromso?", expect: { calls: [{ name: get_weather, args: { city: Tromso } }] } }',
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
function completion(message, finish) {
  return { type: 'json', status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } } }
}
afterAll(() => server.close())
describeSuite('suite.yaml', { model: 'openai-compatible:m', cases: ${JSON.stringify(Object.keys(cities))}, concurrency: 1, providerOptions: { baseUrl: server.origin + '/v1', retries: 0 } })
`
// An attempt vitest gave up on (its timeout) still runs to its end — JavaScript cannot stop it — and must not replace
// the result of the attempt vitest reports: the host holds the first attempt's answer (a wrong tool) until the
// retry has passed, then lets it finish before the file ends.
const lateTest = `
import { afterAll, it, vi } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
import { startLoopback } from ${JSON.stringify(join(projectRoot, 'test/providers/fake/loopback.ts'))}
vi.setConfig({ testTimeout: 2500 })
// Bergen: the first attempt is held until the retry has passed, then calls the wrong tool.
// Tromso: every attempt is held until vitest has given up on the test, then calls the right tool.
const release = {}
const held = { Bergen: new Promise((resolve) => { release.Bergen = resolve }), Tromso: new Promise((resolve) => { release.Tromso = resolve }) }
const done = {}
const finished = { Bergen: new Promise((resolve) => { done.Bergen = resolve }), Tromso: new Promise((resolve) => { done.Tromso = resolve }) }
const attempts = { Bergen: -1, Tromso: -1 }
const server = await startLoopback(async (request) => {
  const messages = request.body.messages
  const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
  const result = messages.find((message) => message.role === 'tool')
  if (result) {
    // The held attempts' follow-ups: each ends its attempt (a moment later: its scoring) — the last one lets the file end.
    if (result.tool_call_id === 'call_Bergen_0' || result.tool_call_id === 'call_Tromso_1') setTimeout(done[city], 200)
    if (result.tool_call_id === 'call_Bergen_1') setImmediate(release.Bergen)
    return completion({ role: 'assistant', content: 'Done.' }, 'stop')
  }
  const attempt = attempts[city] += 1
  if (city === 'Tromso' || attempt === 0) await held[city]
  const name = city === 'Bergen' && attempt === 0 ? 'get_time' : 'get_weather'
  return completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_' + city + '_' + attempt, type: 'function', function: { name, arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
})
function completion(message, finish) {
  return { type: 'json', status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } } }
}
afterAll(() => server.close())
describeSuite('suite.yaml', { model: 'openai-compatible:m', cases: ['late', 'given-up'], concurrency: 4, providerOptions: { baseUrl: server.origin + '/v1', retries: 0 } })
it('waits for the attempts vitest gave up on', { timeout: 10_000, retry: 0 }, async () => {
  release.Tromso()
  await Promise.all([finished.Bergen, finished.Tromso])
})
`
const config = `export default { test: { include: ['retry.test.ts', 'late.test.ts'], reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports' }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

/** The child run: vitest's JSON results of every test, and the report toolgauge/vitest/reporter wrote. */
let vitest: Assertion[] = []
let report: Report
const byCase = (id: string) => vitest.find((test) => test.title.startsWith(`retry/${id} `))!
const result = (id: string) => report.results.find((entry) => entry.case === id)

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'retry.test.ts'), childTest)
  writeFileSync(join(dir, 'late.test.ts'), lateTest)
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

  it('an attempt vitest timed out that ends later leaves no result: the retry\'s stands, and a test vitest failed by its timeout gets none', () => {
    // Bergen: the timed-out first attempt ended after the retry passed, with a wrong tool; vitest and the report say passed.
    expect([byCase('late').status, byCase('late').failureMessages.length]).toEqual(['passed', 1])
    expect([result('late')?.verdict, result('late')?.failures]).toEqual(['passed', []])
    // Tromso: both attempts timed out, so vitest failed the test; the last ended later with the right tool — a pass
    // vitest never reported, which the report must not carry.
    expect([byCase('given-up').status, byCase('given-up').failureMessages.length]).toEqual(['failed', 2])
    expect(result('given-up')).toBeUndefined()
    expect(vitest.find((test) => test.title === 'waits for the attempts vitest gave up on')?.status).toBe('passed')
    // The errored case is counted apart, in no rate: accuracy is 4 passed of the 5 judged cases.
    const summary = report.summary[0]!
    expect({ cases: summary.cases, passed: summary.passed, errored: summary.errored, accuracy: summary.accuracy }).toEqual({ cases: 6, passed: 4, errored: 1, accuracy: 0.8 })
  })
})
