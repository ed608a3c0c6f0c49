// Every finish reason is mapped on purpose: a turn cut at the output limit is `truncated` (not `missing_call`), a
// content filter or safety stop is `refused`, Gemini's MALFORMED_FUNCTION_CALL is `malformed_arguments` with the
// provider's message — and none of them lets an irrelevance case pass as "answered without calls". Real CLI
// in-process, real SDKs, loopback servers answering each protocol's stop.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { baseUrlEnvFor, baseUrlFor, keyEnvFor, keyFor, type ProviderKind } from './fake/harness.ts'
import { startLoopback, type Loopback } from './fake/loopback.ts'

const suite = `name: stops
tools:
  - name: get_weather
    description: Current weather for a city
    parameters: { type: object, properties: { city: { type: string } }, required: [city] }
cases:
  - id: call
    prompt: Weather in Paris?
    expect:
      calls: [{ name: get_weather, args: { city: Paris } }]
  - id: irrelevant
    prompt: Tell me a joke about penguins.
    expect: { no_call: true }
`

const chat = (finish: string, message: Record<string, unknown> = { content: 'The weather in Par' }) => ({
  id: 'c', object: 'chat.completion', created: 1, model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
})
const responses = (reason: string, content: unknown[] = [{ type: 'output_text', text: 'The weather in Par', annotations: [] }]) => ({
  id: 'r', object: 'response', created_at: 1, model: 'm', status: 'incomplete', incomplete_details: { reason }, error: null,
  output: [{ type: 'message', id: 'm1', role: 'assistant', status: 'incomplete', content }],
  usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
})
const anthropic = (stop: string, content: unknown[] = [{ type: 'text', text: 'The weather in Par' }]) => ({
  id: 'msg', type: 'message', role: 'assistant', model: 'm', content, stop_reason: stop, usage: { input_tokens: 10, output_tokens: 5 },
})
const gemini = (finishReason: string, extra: Record<string, unknown> = {}, parts: unknown[] = [{ text: 'The weather in Par' }]) => ({
  candidates: [{ content: { role: 'model', parts }, finishReason, index: 0, ...extra }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5 },
})

type Stop = { readonly name: string; readonly kind: ProviderKind; readonly body: unknown; readonly failure: string; readonly says?: RegExp }

const stops: readonly Stop[] = [
  { name: 'chat length', kind: 'openai', body: chat('length'), failure: 'truncated', says: /output limit.*"length"/ },
  { name: 'chat content_filter', kind: 'openai', body: chat('content_filter'), failure: 'refused', says: /"content_filter"/ },
  { name: 'chat refusal', kind: 'openai', body: chat('stop', { content: null, refusal: 'I cannot help with that.' }), failure: 'refused', says: /I cannot help with that/ },
  { name: 'compatible model_length', kind: 'openai-compatible', body: chat('model_length'), failure: 'truncated' },
  { name: 'responses max_output_tokens', kind: 'openai-responses', body: responses('max_output_tokens'), failure: 'truncated' },
  { name: 'responses content_filter', kind: 'openai-responses', body: responses('content_filter'), failure: 'refused' },
  { name: 'responses refusal part', kind: 'openai-responses', body: { ...responses('x', [{ type: 'refusal', refusal: 'No.' }]), status: 'completed', incomplete_details: null }, failure: 'refused', says: /No\./ },
  { name: 'anthropic max_tokens', kind: 'anthropic', body: anthropic('max_tokens'), failure: 'truncated' },
  { name: 'anthropic model_context_window_exceeded', kind: 'anthropic', body: anthropic('model_context_window_exceeded'), failure: 'truncated' },
  { name: 'anthropic refusal', kind: 'anthropic', body: anthropic('refusal', []), failure: 'refused' },
  { name: 'gemini MAX_TOKENS', kind: 'google', body: gemini('MAX_TOKENS'), failure: 'truncated' },
  { name: 'gemini SAFETY', kind: 'google', body: gemini('SAFETY', {}, []), failure: 'refused' },
  { name: 'gemini prompt blocked', kind: 'google', body: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 10 } }, failure: 'refused', says: /PROHIBITED_CONTENT/ },
  {
    name: 'gemini MALFORMED_FUNCTION_CALL',
    kind: 'google',
    body: gemini('MALFORMED_FUNCTION_CALL', { finishMessage: 'Malformed function call: print(default_api.get_weather(city=Paris' }, []),
    failure: 'malformed_arguments',
    says: /MALFORMED_FUNCTION_CALL.*Malformed function call: print\(default_api\.get_weather\(city=Paris/,
  },
]

const open: Loopback[] = []
const savedEnv = { ...process.env }
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  process.env = { ...savedEnv }
})

type Report = { results: { case: string; passed: boolean; failures: { kind: string; message: string; path?: string }[] }[]; summary: { errored: number }[] }

async function runAgainst(kind: ProviderKind, body: unknown): Promise<{ code: number; stderr: string; report: Report }> {
  const server = await startLoopback(() => ({ type: 'json', status: 200, body }))
  open.push(server)
  const dir = tempFiles({ 'stops.suite.yaml': suite })
  process.env[keyEnvFor(kind)] = keyFor(kind) || 'unused'
  if (kind !== 'openai-compatible') process.env[baseUrlEnvFor(kind)] = baseUrlFor(kind, server.origin)
  const host = kind === 'openai-compatible' ? ['--base-url', baseUrlFor(kind, server.origin)] : []
  const out = join(dir, 'out')
  const run = await runMain(['run', join(dir, 'stops.suite.yaml'), '--model', `${kind}:m`, '--retries', '0', '--out', out, ...host])
  return { ...run, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report }
}

describe.each(stops)('$name', ({ kind, body, failure, says }) => {
  it(`is ${failure} for a case expecting a call and for an irrelevance case, a failure and not errored`, async () => {
    const { report } = await runAgainst(kind, body)
    for (const result of report.results) {
      expect(result.passed, result.case).toBe(false)
      // The cut (or refused) turn explains the missing call: the verdict names the stop, not missing_call.
      expect(result.failures.map((entry) => entry.kind), result.case).toEqual([failure])
      if (says) expect(result.failures[0]!.message).toMatch(says)
      expect(result.failures[0]!.path).toBe('turns[0].finishReason')
    }
    expect(report.summary[0]!.errored).toBe(0)
  })
})

describe('a finish reason no table lists', () => {
  it.each([
    ['openai-compatible', chat('weird_stop')],
    ['anthropic', anthropic('pause_turn')],
    ['google', gemini('OTHER')],
    ['openai-responses', { ...responses('x'), status: 'cancelled', incomplete_details: null }],
  ] as const)('%s: is provider_error naming it, not a clean stop', async (kind, body) => {
    const { code, report } = await runAgainst(kind, body)
    expect(code).toBe(3)
    for (const result of report.results) {
      expect(result.failures.map((entry) => entry.kind)).toEqual(['provider_error'])
      expect(result.failures[0]!.message).toMatch(/finish reason "(weird_stop|pause_turn|OTHER|cancelled)"/)
    }
  })
})
