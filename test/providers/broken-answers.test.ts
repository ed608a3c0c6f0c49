// A 2xx answer that holds no answer — no choices, candidates or content blocks, or an `error` object as gateways
// and routers send with status 200 — is an outage, not a turn: retried like a 5xx, then provider_error (errored,
// exit 3). Before, it became an empty turn that *passed* an irrelevance case. Real CLI in-process, real SDKs,
// loopback servers.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { readFileSync } from 'node:fs'
import { baseUrlEnvFor, baseUrlFor, keyEnvFor, keyFor, type ProviderKind } from './fake/harness.ts'
import { startLoopback, type Loopback } from './fake/loopback.ts'

const suite = `name: broken
tools:
  - name: get_weather
    description: Current weather for a city
    parameters: { type: object, properties: { city: { type: string } }, required: [city] }
cases:
  - id: irrelevant
    prompt: Tell me a joke about penguins.
    expect: { no_call: true }
`

const gatewayError = { error: { message: 'upstream model timed out', type: 'upstream_error', code: 502 } }
const usage = { prompt_tokens: 10, completion_tokens: 0, total_tokens: 10 }

/** Bodies that hold no answer, per provider kind, with what the error message must say. */
const brokenBodies: Record<ProviderKind, readonly { readonly name: string; readonly body: unknown; readonly says: RegExp }[]> = {
  openai: [
    { name: 'no choices', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [], usage }, says: /no choices/ },
    { name: 'an error object', body: gatewayError, says: /upstream model timed out/ },
    { name: 'an empty object', body: {}, says: /no choices/ },
    { name: 'a message with no content, tool call or refusal', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' }], usage }, says: /the message has no content, tool call or refusal/ },
  ],
  'openai-compatible': [
    { name: 'no choices', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [], usage }, says: /no choices/ },
    { name: 'an error object', body: gatewayError, says: /upstream model timed out/ },
    { name: 'a choice without a message', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop' }] }, says: /no message/ },
    { name: 'an empty message', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [] }, finish_reason: 'stop' }] }, says: /the message has no content, tool call or refusal/ },
  ],
  'openai-responses': [
    { name: 'no output items', body: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'completed', output: [], usage: { input_tokens: 10, output_tokens: 0, total_tokens: 10 } }, says: /no output/ },
    { name: 'a failed response', body: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'failed', error: { code: 'server_error', message: 'the model crashed' }, output: [] }, says: /the model crashed/ },
  ],
  anthropic: [
    { name: 'no content blocks', body: { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 0 } }, says: /no content blocks/ },
    { name: 'an error object', body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, says: /Overloaded/ },
  ],
  google: [
    { name: 'no candidates', body: { candidates: [], usageMetadata: { promptTokenCount: 10 } }, says: /no candidates/ },
    { name: 'an error object', body: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }, says: /The model is overloaded/ },
    { name: 'a candidate without content', body: { candidates: [{ finishReason: 'STOP', index: 0 }] }, says: /no content/ },
  ],
}

const open: Loopback[] = []
const savedEnv = { ...process.env }
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  process.env = { ...savedEnv }
})

type Report = { results: { passed: boolean; failures: { kind: string; message: string }[] }[]; summary: { errored: number }[] }

describe.each(Object.keys(brokenBodies) as ProviderKind[])('%s: a 2xx answer with no answer in it', (kind) => {
  it.each(brokenBodies[kind])('$name is provider_error after the retries, not a passed irrelevance case', async ({ body, says }) => {
    const server = await startLoopback(() => ({ type: 'json', status: 200, body }))
    open.push(server)
    const dir = tempFiles({ 'broken.suite.yaml': suite })
    process.env[keyEnvFor(kind)] = keyFor(kind) || 'unused'
    if (kind !== 'openai-compatible') process.env[baseUrlEnvFor(kind)] = baseUrlFor(kind, server.origin)
    const host = kind === 'openai-compatible' ? ['--base-url', baseUrlFor(kind, server.origin)] : []
    const out = join(dir, 'out')
    const run = await runMain(['run', join(dir, 'broken.suite.yaml'), '--model', `${kind}:m`, '--retries', '1', '--out', out, ...host])
    expect(run.code, run.stderr).toBe(3)
    // Retried like a 5xx: the first answer and one retry.
    expect(server.requests).toHaveLength(2)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    const [result] = report.results
    expect(result!.passed).toBe(false)
    expect(result!.failures.map((failure) => failure.kind)).toEqual(['provider_error'])
    expect(result!.failures[0]!.message).toMatch(/HTTP 200/)
    expect(result!.failures[0]!.message).toMatch(says)
    expect(result!.failures[0]!.message).toMatch(/gave up after 1 retry/)
    expect(report.summary[0]!.errored).toBe(1)
  })
})
