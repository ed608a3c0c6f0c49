import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { completionSource } from './child-completion.ts'

// describeSuite's tests run concurrently, and vitest starts a test's timeout when it starts the test: a case waiting in
// a queue of describeSuite's own, behind vitest's maxConcurrency, would spend its timeout waiting. A child vitest
// (testTimeout 1500, maxConcurrency 5 as by default) runs two suites against a loopback host; in each, the live stub
// holds some cases' calls (user code that ignores the abort, abandoned 2 s after their timeout) until the file's last
// test. `defaults` (describeSuite's default concurrency): four held cases and a fifth; `queued` (concurrency: 2): two
// held cases and a third that waits for a slot until its timeout.
const tools = JSON.stringify([{ name: 'get_weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteYaml = (name: string, cities: Record<string, string>) => [
  `name: ${name}`,
  'tools: ./tools.json',
  'stubs:',
  '  get_weather: { module: ./stubs.mjs, export: weather }',
  'cases:',
  ...Object.entries(cities).map(([id, city]) => `  - { id: ${id}, prompt: "Weather in ${city}?", expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`),
].join('\n')
const defaults = { 'held-1': 'Oslo', 'held-2': 'Bergen', 'held-3': 'Tromso', 'held-4': 'Lima', 'fifth': 'Rome' }
const queued = { 'held-a': 'Quito', 'held-b': 'Paris', 'waiting': 'Madrid' }
const held = ['Oslo', 'Bergen', 'Tromso', 'Lima', 'Quito', 'Paris']

const stubs = `
export async function weather(args) {
  if (${JSON.stringify(held)}.includes(args.city)) await globalThis.heldStubs
  return { sky: 'clear' }
}
`
const childTest = `
import { writeFileSync } from 'node:fs'
import { afterAll, it, vi } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
import { startLoopback } from ${JSON.stringify(join(projectRoot, 'test/providers/fake/loopback.ts'))}
vi.setConfig({ testTimeout: 1500 })
let release
globalThis.heldStubs = new Promise((resolve) => { release = resolve })
const seen = []
const server = await startLoopback(async (request) => {
  const messages = request.body.messages
  if (messages.some((message) => message.role === 'tool')) return completion({ role: 'assistant', content: 'Done.' }, 'stop')
  const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
  seen.push(city)
  return completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_' + seen.length, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
})
${completionSource}
afterAll(async () => {
  writeFileSync('seen.json', JSON.stringify(seen))
  await server.close()
})
const providerOptions = { baseUrl: server.origin + '/v1', retries: 0 }
describeSuite('defaults.yaml', { model: 'openai-compatible:m', providerOptions })
describeSuite('queued.yaml', { model: 'openai-compatible:m', concurrency: 2, providerOptions })
it('lets the held stubs end', () => release())
`
const config = `export default { test: { include: ['queue.test.ts'], reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports' }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

let vitest: Assertion[] = []
let report: Report
let seen: string[] = []
const byCase = (suite: string, id: string) => vitest.find((test) => test.title.startsWith(`${suite}/${id} `))!
const result = (suite: string, id: string) => report.results.find((entry) => entry.suite === suite && entry.case === id)

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'defaults.yaml': suiteYaml('defaults', defaults), 'queued.yaml': suiteYaml('queued', queued), 'stubs.mjs': stubs, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'queue.test.ts'), childTest)
  const child = runVitest(['--root', dir], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-0123456789' } })
  expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
  vitest = (JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((file) => file.assertionResults)
  report = JSON.parse(readFileSync(join(dir, 'reports/report.json'), 'utf8')) as Report
  seen = JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8')) as string[]
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

describe('describeSuite and the time a case waits for a concurrency slot', () => {
  it('with the default concurrency, no case waits in a queue of its own while its timeout runs: the fifth runs beside four hung ones and passes', () => {
    expect(Object.keys(defaults).map((id) => [id, byCase('defaults', id).status])).toEqual([
      ['held-1', 'failed'], ['held-2', 'failed'], ['held-3', 'failed'], ['held-4', 'failed'], ['fifth', 'passed'],
    ])
    expect(Object.keys(defaults).map((id) => result('defaults', id)?.verdict)).toEqual(['errored', 'errored', 'errored', 'errored', 'passed'])
  })

  it('a case that timed out while it waited for a slot of describeSuite\'s concurrency says so, never ran, and is errored', () => {
    expect(byCase('queued', 'waiting').status).toBe('failed')
    const waiting = result('queued', 'waiting')
    expect([waiting?.verdict, waiting?.failures.map((failure) => failure.kind), waiting?.turns]).toEqual(['errored', ['harness_error'], []])
    expect(waiting?.failures[0]?.message).toMatch(/^the test timed out after 1500 ms \(vitest's testTimeout\) while its case waited for a concurrency slot \(describeSuite's concurrency: 2\): it never ran/)
    // Its model was never called, not even once its slot came free.
    expect(seen).not.toContain('Madrid')
    expect([result('queued', 'held-a')?.verdict, result('queued', 'held-b')?.verdict]).toEqual(['errored', 'errored'])
    expect(report.summary.find((row) => row.model === 'openai-compatible:m')).toMatchObject({ errored: 7, passed: 1 })
  })
})
