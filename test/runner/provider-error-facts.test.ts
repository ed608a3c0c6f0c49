// A provider_error carries what the HTTP layer knew beside its words: the status of the last answer and the retries
// made before giving up (ProviderError's details). A reader of report.json could not tell a 429 after its retries from
// a 500 not retried but by parsing the message, whose words a server writes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { closedPort } from '../helpers/closed-port.ts'
import { startLoopback, type Loopback, type Reply } from '../providers/fake/loopback.ts'

const servers: Loopback[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const tools = [{ name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]

async function failureOf(baseUrl: string, retries: number): Promise<unknown> {
  const dir = tempFiles({ 'suite.json': JSON.stringify({ name: 'facts', tools, cases: [{ id: 'a', prompt: 'go', expect: { calls: [] } }] }) })
  await runEvaluation({
    suitePaths: [join(dir, 'suite.json')], models: ['openai-compatible:m'], outDir: join(dir, 'out'), concurrency: 1,
    providerOptions: { baseUrl, retries, retryBaseDelayMs: 1, retryMaxDelayMs: 2 },
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

  it('no server answering: the retries, and no status (none came)', async () => {
    const [failure] = (await failureOf(`http://127.0.0.1:${await closedPort()}/v1`, 1)) as Record<string, unknown>[]
    expect(failure).toMatchObject({ kind: 'provider_error', retries: 1 })
    expect(failure).not.toHaveProperty('status')
  })
})
