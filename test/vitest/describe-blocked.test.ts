import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { completionSource } from './child-completion.ts'

// describeSuite when a case's code blocks the event loop past vitest's test timeout: vitest's timer cannot fire, and
// vitest fails the test when it ends (it ended at or after its timeout) however the case ended — so the case's result
// must not say passed: vitest's timeout is the harness giving up, errored, as for a case it stopped. A child vitest
// (testTimeout 1500, one case at a time) against a loopback host; each case's custom check runs once the loop is over:
// `blocked`'s spins for 1700 ms and passes, `quick`'s passes at once.
const tools = JSON.stringify([{ name: 'get_weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteYaml = [
  'name: blocked',
  'tools: ./tools.json',
  'stubs:',
  '  get_weather: [{ result: { sky: clear } }]',
  'cases:',
  '  - { id: blocked, prompt: "Weather in Oslo?", expect: { calls: [{ name: get_weather, args: { city: Oslo } }], custom: { module: ./checks.mjs, export: spins } } }',
  '  - { id: quick, prompt: "Weather in Rome?", expect: { calls: [{ name: get_weather, args: { city: Rome } }], custom: { module: ./checks.mjs, export: spins } } }',
].join('\n')
const checks = `
export function spins(input) {
  // Synchronous work past the test's timeout: no timer can fire meanwhile.
  const until = Date.now() + (input.caseId === 'blocked' ? 1700 : 0)
  while (Date.now() < until) {}
  return { pass: true }
}
`
const childTest = `
import { afterAll, vi } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
import { startLoopback } from ${JSON.stringify(join(projectRoot, 'test/providers/fake/loopback.ts'))}
vi.setConfig({ testTimeout: 1500 })
const server = await startLoopback(async (request) => {
  const messages = request.body.messages
  if (messages.some((message) => message.role === 'tool')) return completion({ role: 'assistant', content: 'Done.' }, 'stop')
  const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
  return completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
})
${completionSource}
afterAll(() => server.close())
describeSuite('suite.yaml', { model: 'openai-compatible:m', concurrency: 1, providerOptions: { baseUrl: server.origin + '/v1', retries: 0 } })
`
const config = `export default { test: { include: ['blocked.test.ts'], reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports' }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

let vitest: Assertion[] = []
let report: Report
const byCase = (id: string) => vitest.find((test) => test.title.startsWith(`blocked/${id} `))!
const result = (id: string) => report.results.find((entry) => entry.case === id)

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml, 'checks.mjs': checks, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'blocked.test.ts'), childTest)
  const child = runVitest(['--root', dir], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-0123456789' } })
  expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
  vitest = (JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((file) => file.assertionResults)
  report = JSON.parse(readFileSync(join(dir, 'reports/report.json'), 'utf8')) as Report
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

describe('describeSuite when a case blocks the event loop past the test timeout', () => {
  it('vitest fails the test as timed out, and the report agrees: errored, saying so, with the turns it had', () => {
    expect([byCase('blocked').status, byCase('quick').status]).toEqual(['failed', 'passed'])
    const blocked = result('blocked')
    expect([blocked?.verdict, blocked?.failures.map((failure) => failure.kind), blocked?.turns.length]).toEqual(['errored', ['harness_error'], 2])
    expect(blocked?.failures[0]?.message).toMatch(/^the test timed out after 1500 ms \(vitest's testTimeout\)/)
    expect(result('quick')?.verdict).toBe('passed')
    expect(report.summary[0]).toMatchObject({ cases: 2, passed: 1, errored: 1 })
  })
})
