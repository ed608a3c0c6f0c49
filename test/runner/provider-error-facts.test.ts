// A provider_error carries what the HTTP layer knew beside its words: the status of the last answer and the retries
// made before giving up (ProviderError's details). A reader of report.json could not tell a 429 after its retries from
// a 500 not retried but by parsing the message, whose words a server writes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { Report } from '../../src/core/report.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import type { RunOptions } from '../../src/runner/run-options.ts'
import { tempFiles } from '../helpers/cli.ts'
import { closedPort } from '../helpers/closed-port.ts'
import { startLoopback, startTextChatServer, type Loopback, type Reply } from '../providers/fake/loopback.ts'

const servers: Loopback[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const tools = [{ name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]

/** The failures of the one case (`testCase`, else a plain prompt) of model `m` at `baseUrl` (none: the caller's `models`); `extra`: a suite model's own options, the caller's providers. */
async function failureOf(baseUrl: string | undefined, retries: number, testCase: object = { id: 'a', prompt: 'go', expect: { calls: [] } }, extra: Partial<Pick<RunOptions, 'modelOptions' | 'providers' | 'models'>> = {}): Promise<unknown> {
  const dir = tempFiles({ 'suite.json': JSON.stringify({ name: 'facts', tools, cases: [testCase] }) })
  await runEvaluation({
    suitePaths: [join(dir, 'suite.json')], models: extra.models ?? ['openai-compatible:m'], outDir: join(dir, 'out'), concurrency: 1,
    providerOptions: { ...(baseUrl ? { baseUrl } : {}), retries, retryBaseDelayMs: 1, retryMaxDelayMs: 2 }, ...extra,
  })
  return (JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report).results[0]!.failures
}

async function answering(reply: Reply): Promise<string> {
  const server = await startLoopback(() => reply)
  servers.push(server)
  return `${server.origin}/v1`
}

describe('a provider_error in report.json', () => {
  it('after 429s: the status and the retries made', async () => {
    const url = await answering({ type: 'json', status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } })
    expect(await failureOf(url, 2)).toEqual([expect.objectContaining({ kind: 'provider_error', status: 429, retries: 2 })])
    expect(servers[0]!.requests).toHaveLength(3)
  })

  it('after 500s: status 500, told apart from the 429', async () => {
    const url = await answering({ type: 'json', status: 500, body: { error: { message: 'boom' } } })
    expect(await failureOf(url, 1)).toEqual([expect.objectContaining({ kind: 'provider_error', status: 500, retries: 1 })])
  })

  it('a 401, not retried: its status and 0 retries', async () => {
    const url = await answering({ type: 'json', status: 401, body: { error: { message: 'no key' } } })
    expect(await failureOf(url, 3)).toEqual([expect.objectContaining({ kind: 'provider_error', status: 401, retries: 0 })])
  })

  it('a caller\'s provider throwing an SDK\'s error (a numeric status, no ProviderError): its status, and no retries (the SDK\'s own are not known)', async () => {
    const sdk = { id: 'sdk', doGenerate: async () => { throw Object.assign(new Error('429 Rate limit reached'), { status: 429 }) } }
    const [failure] = (await failureOf(undefined, 0, undefined, { models: ['sdk'], providers: [sdk] })) as Record<string, unknown>[]
    expect(failure).toMatchObject({ kind: 'provider_error', status: 429 })
    expect(failure).not.toHaveProperty('retries')
  })

  it('the facts of an error with no ProviderError in its causes: its status, and no retries (not known, not 0)', () => {
    const facts = ProviderError.factsOf(new Error('Connection error.', { cause: Object.assign(new Error('429 Rate limit reached'), { status: 429 }) }))
    expect(facts).not.toHaveProperty('retries')
    expect(ProviderError.factsOf(Object.assign(new Error('429 Rate limit reached'), { status: 429 }))).toEqual({ message: '429 Rate limit reached', status: 429 })
    expect(ProviderError.factsOf(new Error('x', { cause: new ProviderError('HTTP 503', { status: 503, retries: 2 }) }))).toEqual({ message: 'HTTP 503', status: 503, retries: 2 })
  })

  it('no server answering: the retries, and no status (none came)', async () => {
    const [failure] = (await failureOf(`http://127.0.0.1:${await closedPort()}/v1`, 1)) as Record<string, unknown>[]
    expect(failure).toMatchObject({ kind: 'provider_error', retries: 1 })
    expect(failure).not.toHaveProperty('status')
  })
})

// A simulated user's or a judge's own model call failing carries the same facts: its failure is errored like a
// provider_error, and a 429 of the judge's server is as much worth telling from a 500.
describe('a simulator_error or judge_error in report.json', () => {
  const simulated = { id: 'u', user: { model: 'openai-compatible:sim', instructions: 'Ask for the weather.' }, expect: { calls: [] } }
  const judged = { id: 'j', prompt: 'go', expect: { calls: [], final: { judge: { model: 'openai-compatible:judge', rubric: 'Says anything.' } } } }

  it('a simulated user answered 429s: simulator_error with the status and the retries made', async () => {
    const failing = await answering({ type: 'json', status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } })
    const failures = await failureOf(await startTextChatServer(servers), 2, simulated, { modelOptions: { 'openai-compatible:sim': { baseUrl: failing } } })
    expect(failures).toEqual([expect.objectContaining({ kind: 'simulator_error', status: 429, retries: 2 })])
  })

  it('a judge answered 500s: judge_error with status 500 and its retries', async () => {
    const failing = await answering({ type: 'json', status: 500, body: { error: { message: 'boom' } } })
    const failures = await failureOf(await startTextChatServer(servers), 1, judged, { modelOptions: { 'openai-compatible:judge': { baseUrl: failing } } })
    expect(failures).toEqual([expect.objectContaining({ kind: 'judge_error', status: 500, retries: 1 })])
  })

  it('a judge that answered outside the shape: judge_error with no status nor retries (no provider failure)', async () => {
    const text = await startTextChatServer(servers)
    const [failure] = (await failureOf(text, 0, judged, { modelOptions: { 'openai-compatible:judge': { baseUrl: text } } })) as Record<string, unknown>[]
    expect(failure).toMatchObject({ kind: 'judge_error' })
    expect(failure).not.toHaveProperty('status')
    expect(failure).not.toHaveProperty('retries')
  })
})
