// A 2xx answer that holds no answer — no choices, candidates or content blocks, or an `error` object as gateways
// and routers send with status 200 — is an outage, not a turn: retried like a 5xx, then provider_error (errored,
// exit 3). Before, it became an empty turn that *passed* an irrelevance case. So is an answer whose lists or items are
// not of the shape the adapter reads — a tool call that is null, a `function` that is a string, a content block or
// part that is null, a list that is an object —, the message naming the API and the field: before, the reader threw a
// bare TypeError ("Cannot read properties of null (reading 'id')", not retried), or a call whose `function` was a
// string became a call named "" scored against the model. Real CLI in-process, real SDKs, loopback servers.
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

type BrokenBody = { readonly name: string; readonly body: unknown; readonly says: RegExp }

/** Bodies that hold no answer, per provider kind, with what the error message must say. */
const brokenBodies: Record<ProviderKind, readonly BrokenBody[]> = {
  openai: [
    { name: 'no choices', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [], usage }, says: /no answer: the Chat Completions answer has no choices/ },
    { name: 'an error object', body: gatewayError, says: /an error in the Chat Completions answer: upstream model timed out \(upstream_error 502\)/ },
    { name: 'an empty object', body: {}, says: /no answer: the Chat Completions answer has no choices/ },
    { name: 'a message with no content, tool call or refusal', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' }], usage }, says: /no answer: the Chat Completions answer's choices\[0\]\.message has no content, tool call or refusal/ },
    { name: 'a finish reason that is no string', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi.' }, finish_reason: 7 }], usage }, says: /no answer: the Chat Completions answer has finish reason 7 \(choices\[0\]\.finish_reason\), not a string/ },
  ],
  'openai-compatible': [
    { name: 'no choices', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [], usage }, says: /no answer: the Chat Completions answer has no choices/ },
    { name: 'an error object', body: gatewayError, says: /an error in the Chat Completions answer: upstream model timed out/ },
    { name: 'a choice without a message', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop' }] }, says: /no answer: the Chat Completions answer's choices\[0\] has no message/ },
    { name: 'an empty message', body: { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [] }, finish_reason: 'stop' }] }, says: /no answer: the Chat Completions answer's choices\[0\]\.message has no content, tool call or refusal/ },
  ],
  'openai-responses': [
    { name: 'no output items', body: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'completed', output: [], usage: { input_tokens: 10, output_tokens: 0, total_tokens: 10 } }, says: /no answer: the Responses answer has no output items/ },
    { name: 'a failed response', body: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'failed', error: { code: 'server_error', message: 'the model crashed' }, output: [] }, says: /an error in the Responses answer: the model crashed \(server_error\)/ },
    { name: 'a failed response without its error', body: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'failed', output: [] }, says: /no answer: the Responses answer has finish reason "failed" \(status\): the generation failed/ },
  ],
  anthropic: [
    { name: 'no content blocks', body: { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 0 } }, says: /no answer: the Anthropic Messages answer has no content blocks/ },
    { name: 'an error object', body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, says: /an error in the Anthropic Messages answer: Overloaded \(overloaded_error\)/ },
  ],
  google: [
    { name: 'no candidates', body: { candidates: [], usageMetadata: { promptTokenCount: 10 } }, says: /no answer: the Gemini answer has no candidates/ },
    { name: 'an error object', body: { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }, says: /an error in the Gemini answer: The model is overloaded\. \(UNAVAILABLE 503\)/ },
    { name: 'a candidate without content', body: { candidates: [{ finishReason: 'STOP', index: 0 }] }, says: /no answer: the Gemini answer's candidates\[0\] has no content/ },
  ],
}

const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }
const chat = (message: unknown) => ({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })
const responses = (output: unknown, status = 'completed') => ({
  id: 'r', object: 'response', created_at: 1, model: 'm', status, output, usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  ...(status === 'incomplete' ? { incomplete_details: { reason: 'max_output_tokens' } } : {}),
})
const messages = (content: unknown, stop = 'tool_use') => ({ id: 'msg', type: 'message', role: 'assistant', model: 'm', content, stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 } })
const gemini = (parts: unknown, finishReason = 'STOP') => ({ candidates: [{ index: 0, content: { role: 'model', parts }, finishReason }], usageMetadata: { promptTokenCount: 10 } })

/** Bodies whose lists or items are not of the shape the adapter reads, per provider kind, with what the message must say. */
const misshapenBodies: Record<ProviderKind, readonly BrokenBody[]> = {
  openai: [
    { name: 'tool_calls that are an object', body: chat({ role: 'assistant', content: 'Checking.', tool_calls: { 0: call } }), says: /the Chat Completions answer's choices\[0\]\.message\.tool_calls is an object, not a list of tool calls/ },
    { name: 'a tool call that is null', body: chat({ role: 'assistant', content: null, tool_calls: [call, null] }), says: /the Chat Completions answer's choices\[0\]\.message\.tool_calls\[1\] is null, not a tool call/ },
    { name: 'a function that is a string', body: chat({ role: 'assistant', content: null, tool_calls: [{ ...call, function: 'get_weather' }] }), says: /choices\[0\]\.message\.tool_calls\[0\]\.function is a string of 11 characters, not an object with the name and arguments/ },
    { name: 'content that is a number', body: chat({ role: 'assistant', content: 42, tool_calls: [call] }), says: /choices\[0\]\.message\.content is a number, not text or a list of content parts/ },
  ],
  'openai-compatible': [
    { name: 'a tool call with no function', body: chat({ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function' }] }), says: /the Chat Completions answer has no choices\[0\]\.message\.tool_calls\[0\]\.function \(the name and arguments\)/ },
  ],
  'openai-responses': [
    { name: 'an output item that is null', body: responses([null]), says: /the Responses answer's output\[0\] is null, not an output item/ },
    { name: 'a message item with no content', body: responses([{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: null }]), says: /the Responses answer has no output\[0\]\.content/ },
    { name: 'a content part that is null', body: responses([{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [null] }]), says: /the Responses answer's output\[0\]\.content\[0\] is null, not a content part/ },
    // Cut at the output limit, an empty answer is the model's: output must still be a list to be read as one.
    { name: 'output that is an object, cut at the limit', body: responses({}, 'incomplete'), says: /the Responses answer's output is an object, not a list of output items/ },
  ],
  anthropic: [
    { name: 'a content block that is null', body: messages([{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }, null]), says: /the Anthropic Messages answer's content\[1\] is null, not a content block/ },
    { name: 'a content block that is a string', body: messages(['Paris']), says: /the Anthropic Messages answer's content\[0\] is a string of 5 characters, not a content block/ },
    { name: 'content that is an object, cut at the limit', body: messages({ type: 'text', text: 'Par' }, 'max_tokens'), says: /the Anthropic Messages answer's content is an object, not a list of content blocks/ },
  ],
  google: [
    { name: 'a part that is null', body: gemini([null]), says: /the Gemini answer's candidates\[0\]\.content\.parts\[0\] is null, not a part/ },
    { name: 'a functionCall that is a string', body: gemini([{ functionCall: 'get_weather' }]), says: /candidates\[0\]\.content\.parts\[0\]\.functionCall is a string of 11 characters, not an object with the name and args/ },
    { name: 'parts that are an object, cut at the limit', body: gemini({ text: 'Par' }, 'MAX_TOKENS'), says: /the Gemini answer's candidates\[0\]\.content\.parts is an object, not a list of parts/ },
  ],
}

/** The API each kind speaks, as its messages name it. */
const apiNames: Record<ProviderKind, string> = { openai: 'Chat Completions', 'openai-compatible': 'Chat Completions', 'openai-responses': 'Responses', anthropic: 'Anthropic Messages', google: 'Gemini' }

const open: Loopback[] = []
const savedEnv = { ...process.env }
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  process.env = { ...savedEnv }
})

type Report = { results: { passed: boolean; failures: { kind: string; message: string }[] }[]; summary: { errored: number }[] }

describe.each(Object.keys(brokenBodies) as ProviderKind[])('%s: a 2xx answer with no answer in it', (kind) => {
  it.each([...brokenBodies[kind], ...misshapenBodies[kind]])('$name is provider_error after the retries, not a passed irrelevance case', async ({ body, says }) => {
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
    // Which server, which API, which field of its answer: the URL the request went to, then the API's name.
    expect(result!.failures[0]!.message).toContain(`HTTP 200 from ${baseUrlFor(kind, server.origin)}/`)
    expect(result!.failures[0]!.message).toContain(`the ${apiNames[kind]} answer`)
    expect(result!.failures[0]!.message).toMatch(says)
    // Never the reader's bare TypeError about a field it could not read.
    expect(result!.failures[0]!.message).not.toMatch(/Cannot read properties|is not iterable|is not a function|unexpected provider failure/)
    expect(result!.failures[0]!.message).toMatch(/gave up after 1 retry/)
    expect(report.summary[0]!.errored).toBe(1)
  })
})
