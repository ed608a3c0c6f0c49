import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { completionSource } from './child-completion.ts'

// describeSuite when vitest's test timeout ends an attempt: the attempt's model call is aborted (its concurrency slot
// freed for the next case) and, when it is the test's last attempt, the case is in report.json as errored — the
// harness gave up on it, no verdict on the model. A child vitest with --retry 1, testTimeout 1500 and concurrency 1
// against a loopback host that never answers some prompts (it is started in the child: the parent waits on it
// synchronously): Tromso never, Bergen not the first time; the others always answer, but the live stub holds
// Oslo's first call and every call for Lima — user code that ignores the abort — until the file's last test.
const tools = JSON.stringify([{ name: 'get_weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const cities = { 'given-up': 'Tromso', 'late': 'Bergen', 'held-stub': 'Oslo', 'stuck-stub': 'Lima', 'after': 'Rome' } as const
const suiteYaml = [
  'name: timeouts',
  'tools: ./tools.json',
  'stubs:',
  '  get_weather: { module: ./stubs.mjs, export: weather }',
  'cases:',
  ...Object.entries(cities).map(([id, city]) => `  - { id: ${id}, prompt: "Weather in ${city}?", expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`),
].join('\n')

const stubs = `
export async function weather(args) {
  const hold = globalThis.heldStub
  if (args.city === 'Lima') await hold.released
  if (args.city === 'Oslo' && !hold.used) {
    hold.used = true
    await hold.released
    setTimeout(hold.ended, 200)
  }
  return { sky: 'clear' }
}
`
const childTest = `
import { writeFileSync } from 'node:fs'
import { afterAll, it, vi } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
import { startLoopback } from ${JSON.stringify(join(projectRoot, 'test/providers/fake/loopback.ts'))}
vi.setConfig({ testTimeout: 1500 })
const hold = globalThis.heldStub = { used: false }
hold.released = new Promise((resolve) => { hold.release = resolve })
const ended = new Promise((resolve) => { hold.ended = resolve })
const seen = []
const server = await startLoopback(async (request) => {
  const messages = request.body.messages
  if (messages.some((message) => message.role === 'tool')) return completion({ role: 'assistant', content: 'Done.' }, 'stop')
  const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
  seen.push(city)
  // Never answered: the request stays open until the client gives up on it (or the server closes).
  if (city === 'Tromso' || (city === 'Bergen' && seen.filter((one) => one === 'Bergen').length === 1)) await new Promise(() => {})
  return completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_' + seen.length, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
})
${completionSource}
afterAll(async () => {
  writeFileSync('seen.json', JSON.stringify(seen))
  await server.close()
})
describeSuite('suite.yaml', { model: 'openai-compatible:m', concurrency: 1, providerOptions: { baseUrl: server.origin + '/v1', retries: 0 } })
// The abandoned attempt's stub ends only now, long after vitest reported its test: what it ends with is no result.
it('lets the held stub end', { timeout: 10_000, retry: 0 }, async () => {
  hold.release()
  await ended
})
`
const config = `export default { test: { include: ['timeout.test.ts'], reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports' }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

let vitest: Assertion[] = []
let report: Report | undefined
let seen: string[] = []
const byCase = (id: string) => vitest.find((test) => test.title.startsWith(`timeouts/${id} `))!
const result = (id: string) => report?.results.find((entry) => entry.case === id)

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml, 'stubs.mjs': stubs, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'timeout.test.ts'), childTest)
  const child = runVitest(['--root', dir, '--retry', '1'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-0123456789' } })
  expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
  vitest = (JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((file) => file.assertionResults)
  const reportFile = join(dir, 'reports/report.json')
  report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as Report) : undefined
  seen = JSON.parse(readFileSync(join(dir, 'seen.json'), 'utf8')) as string[]
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

describe('describeSuite when vitest times a test out', () => {
  it('a test whose last attempt timed out is in the report as errored, saying it timed out, in no rate', () => {
    expect([byCase('given-up').status, byCase('given-up').failureMessages.length]).toEqual(['failed', 2])
    const errored = result('given-up')
    expect([errored?.verdict, errored?.passed, errored?.failures.map((failure) => failure.kind)]).toEqual(['errored', false, ['harness_error']])
    expect(errored?.failures[0]?.message).toMatch(/timed out after 1500 ms/)
    const summary = report?.summary[0]
    expect({ cases: summary?.cases, passed: summary?.passed, errored: summary?.errored, accuracy: summary?.accuracy }).toEqual({ cases: 5, passed: 3, errored: 2, accuracy: 1 })
  })

  it('a timed-out attempt gives its concurrency slot up: with concurrency 1 the retry and the next cases run and get their verdicts', () => {
    // The host saw every attempt's first request, one case after the other: the hung ones did not hold the one slot.
    expect(seen).toEqual(['Tromso', 'Tromso', 'Bergen', 'Bergen', 'Oslo', 'Oslo', 'Lima', 'Lima', 'Rome'])
    expect([byCase('late').status, byCase('after').status]).toEqual(['passed', 'passed'])
    expect([result('late')?.verdict, result('after')?.verdict]).toEqual(['passed', 'passed'])
  })

  it('user code that ignores the abort is abandoned: its slot is freed, and its late end leaves no result', () => {
    // Oslo's first attempt hung in its stub past the timeout; the retry passed, and the later end of the first attempt
    // did not replace that result.
    expect([byCase('held-stub').status, byCase('held-stub').failureMessages.length]).toEqual(['passed', 1])
    expect([result('held-stub')?.verdict, result('held-stub')?.failures]).toEqual(['passed', []])
    expect(vitest.find((test) => test.title === 'lets the held stub end')?.status).toBe('passed')
    expect(report?.results.map((entry) => entry.case)).toEqual(['given-up', 'late', 'held-stub', 'stuck-stub', 'after'])
  })

  it('a last attempt whose own code never stopped is errored too, saying it was abandoned', () => {
    expect([byCase('stuck-stub').status, byCase('stuck-stub').failureMessages.length]).toEqual(['failed', 2])
    const errored = result('stuck-stub')
    expect([errored?.verdict, errored?.failures.map((failure) => failure.kind), errored?.turns]).toEqual(['errored', ['harness_error'], []])
    expect(errored?.failures[0]?.message).toMatch(/timed out after 1500 ms .*abandoned/)
  })
})
