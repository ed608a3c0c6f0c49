import type { Message, RawToolCall } from '../../../src/core/message.ts'
import type { ModelTurn } from '../../../src/core/model-turn.ts'
import type { Provider } from '../../../src/core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../../../src/core/tool.ts'
import { createProvider as createAnthropic } from '../../../src/providers/anthropic.ts'
import { createProvider as createGoogle } from '../../../src/providers/google.ts'
import { createProvider as createCompatible } from '../../../src/providers/openai-compatible.ts'
import { createProvider as createResponses } from '../../../src/providers/openai-responses.ts'
import { createProvider as createOpenAI } from '../../../src/providers/openai.ts'
import type { ProviderOptions } from '../../../src/providers/provider-options.ts'
import { idsIn, normalizeTurn } from '../../../src/loop/normalize-turn.ts'
import { anthropicProtocol } from './anthropic-protocol.ts'
import { fakeApi, type Protocol } from './api.ts'
import { geminiProtocol } from './gemini-protocol.ts'
import type { Behaviour } from './behaviour.ts'
import { chatProtocol, type ChatQuirks } from './chat-protocol.ts'
import { startLoopback, type Handler, type Loopback } from './loopback.ts'
import { responsesProtocol } from './responses-protocol.ts'

/** The fake API keys: tests assert these strings never reach a file. */
export const openaiKey = 'sk-test-OPENAI-0123456789abcdef'
export const anthropicKey = 'sk-ant-test-ANTHROPIC-0123456789abcdef'
export const geminiKey = 'AIza-test-GEMINI-0123456789abcdef'

/** Every fake key, for "no key on disk" checks. */
export const fakeKeys: readonly string[] = [openaiKey, anthropicKey, geminiKey]

/** One provider kind the tests run through. */
export type ProviderKind = 'openai' | 'openai-responses' | 'anthropic' | 'openai-compatible' | 'google'

/** The four kinds whose protocol-specific assertions the adapter tests spell out, in a fixed order. */
export const providerKinds: readonly ProviderKind[] = ['openai', 'openai-responses', 'anthropic', 'openai-compatible']

/** Every kind (Gemini included), for the tests that assert the same behaviour everywhere: record/replay, faults, e2e. */
export const allProviderKinds: readonly ProviderKind[] = [...providerKinds, 'google']

/** The variable each kind's base URL is read from. */
export function baseUrlEnvFor(kind: ProviderKind): string {
  return kind === 'anthropic' ? 'ANTHROPIC_BASE_URL' : kind === 'google' ? 'GOOGLE_GEMINI_BASE_URL' : 'OPENAI_BASE_URL'
}

/** The variable each kind's key is read from. */
export function keyEnvFor(kind: ProviderKind): string {
  return kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : kind === 'google' ? 'GEMINI_API_KEY' : 'OPENAI_API_KEY'
}

/** The wire protocol a kind speaks. */
export function protocolFor(kind: ProviderKind, quirks: ChatQuirks = {}): Protocol {
  if (kind === 'anthropic') return anthropicProtocol()
  if (kind === 'google') return geminiProtocol()
  if (kind === 'openai-responses') return responsesProtocol()
  return kind === 'openai-compatible' ? chatProtocol(quirks, 'compatible') : chatProtocol()
}

/** A fake API server for a kind plus its request log and violations. */
export type FakeServer = Loopback & { readonly violations: string[]; readonly api: ReturnType<typeof fakeApi> }

/** Starts the fake API of a kind on loopback; `wrap` adds faults (or edits a stream's frames), `editAnswer` plants a deviation in the answer. */
export async function startFakeServer(
  kind: ProviderKind,
  behaviour: Behaviour,
  options: { quirks?: ChatQuirks; wrap?: (handler: Handler) => Handler; latencyMs?: number; randomIds?: boolean; editAnswer?: (answer: any) => unknown } = {},
): Promise<FakeServer> {
  const api = fakeApi(protocolFor(kind, options.quirks), behaviour, keyFor(kind), { randomIds: options.randomIds === true, ...(options.editAnswer ? { editAnswer: options.editAnswer } : {}) })
  const loopback = await startLoopback(options.wrap ? options.wrap(api) : api, options.latencyMs)
  return Object.assign(loopback, { violations: api.violations, api })
}

/** The key a kind's fake server expects: the compatible one plays a keyless local server (no key may reach it). */
export function keyFor(kind: ProviderKind): string {
  return kind === 'anthropic' ? anthropicKey : kind === 'google' ? geminiKey : kind === 'openai-compatible' ? '' : openaiKey
}

/** The base URL a kind's SDK needs for a loopback origin (the Anthropic and Gemini SDKs add their version path). */
export function baseUrlFor(kind: ProviderKind, origin: string): string {
  return kind === 'anthropic' || kind === 'google' ? origin : `${origin}/v1`
}

/** Sets the env vars the SDK and adapter read (keys always; base URL by env unless `options.baseUrl` is used). */
export function setProviderEnv(kind: ProviderKind, origin: string | undefined): void {
  process.env.OPENAI_API_KEY = openaiKey
  process.env.ANTHROPIC_API_KEY = anthropicKey
  process.env.GEMINI_API_KEY = geminiKey
  if (origin === undefined) return
  process.env[baseUrlEnvFor(kind)] = baseUrlFor(kind, origin)
}

/**
 * Builds the real adapter of a kind. openai-compatible never reads OPENAI_BASE_URL itself (its host is per model):
 * the origin setProviderEnv stored there is passed as the model's base URL, as a config's `base_url` would be.
 */
export function makeProvider(kind: ProviderKind, model: string, options: ProviderOptions = {}): Promise<Provider> {
  const factory = { openai: createOpenAI, 'openai-responses': createResponses, anthropic: createAnthropic, 'openai-compatible': createCompatible, google: createGoogle }[kind]
  const host = kind === 'openai-compatible' && process.env.OPENAI_BASE_URL ? { baseUrl: process.env.OPENAI_BASE_URL } : {}
  return factory(model, `${kind}:${model}`, { ...host, ...options })
}

/** Small retry delays so fault tests stay quick (Retry-After: 1 is honoured but capped). */
export const fastRetries: ProviderOptions = { retryBaseDelayMs: 2, retryMaxDelayMs: 20 }

/** The tools of the weather suite. */
export const weatherTools: readonly ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  },
  { name: 'get_time', description: 'Local time in a timezone', parameters: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] } },
]

/**
 * A system prompt long enough to be cached by every stand-in's rules (prompt-cache.ts): over 4096 tokens, the
 * largest minimum cacheable length a provider publishes, so a repeated prefix that carries it is read from the cache.
 */
export const longSystem = `You are a weather assistant.${' Answer with the temperature in degrees Celsius and one word for the sky.'.repeat(320)}`

/** A case for the mini loop below. */
export type MiniCase = {
  readonly id: string
  readonly prompt: string
  readonly system?: string
  readonly toolChoice?: ToolChoice
  readonly parallel?: boolean
  readonly repeat?: number
  /** Marks some results as errors, to see `is_error` on the wire. */
  readonly failTool?: string
}

/** What a mini-loop run produced. */
export type MiniTranscript = { readonly turns: ModelTurn[]; readonly messages: Message[] }

/**
 * A minimal tool-calling loop (the runner's is tested elsewhere): first request with the case's tool_choice, then
 * `auto`; each answer normalized as the loop does it (ids made unique there, not by the adapters); every call
 * answered with a stub result linked by id; stops at a turn without calls.
 */
export async function runMiniCase(provider: Provider, testCase: MiniCase, maxTurns = 6): Promise<MiniTranscript> {
  const messages: Message[] = [...(testCase.system ? [{ role: 'system' as const, content: testCase.system }] : []), { role: 'user', content: testCase.prompt }]
  const turns: ModelTurn[] = []
  const usedIds = idsIn(messages)
  for (let turn = 0; turn < maxTurns; turn++) {
    const sent = await provider.doGenerate({
      messages: [...messages],
      tools: weatherTools,
      toolChoice: turn === 0 ? (testCase.toolChoice ?? 'auto') : 'auto',
      ...(testCase.parallel !== undefined ? { parallelToolCalls: testCase.parallel } : {}),
      context: { suite: 'weather', caseId: testCase.id, repeat: testCase.repeat ?? 0, turn },
    })
    const answer = normalizeTurn(sent, usedIds, turn, weatherTools)
    turns.push(answer)
    messages.push({ role: 'assistant', content: answer.text, toolCalls: answer.toolCalls, ...(answer.reasoning ? { reasoning: answer.reasoning } : {}) })
    if (answer.toolCalls.length === 0) break
    for (const call of answer.toolCalls) messages.push(stubResult(call, testCase.failTool))
  }
  return { turns, messages }
}

function stubResult(call: RawToolCall, failTool: string | undefined): Message {
  const args = JSON.parse(call.rawArguments || '{}') as { city?: string }
  const failed = call.name === failTool
  const content = failed ? `error: ${call.name} is down` : `${args.city === 'London' ? 15 : 18}C in ${args.city ?? '?'}`
  return { role: 'tool', toolCallId: call.id, name: call.name, content, ...(failed ? { isError: true } : {}) }
}

/**
 * The protocol-independent view of a transcript: what scores depend on (ids and raw payloads left out). Across
 * protocols, `acrossProtocols` keeps only that input tokens were reported: each stand-in bills the prompt as its
 * protocol sends it (prompt-tokens.ts), and the wire forms differ in length.
 */
export function behaviourOf(transcript: MiniTranscript, acrossProtocols = false): unknown {
  return transcript.turns.map((turn) => ({
    text: turn.text,
    calls: turn.toolCalls.map((call) => ({ name: call.name, args: JSON.parse(call.rawArguments) as unknown })),
    finish: turn.finishReason.unified,
    usage: { input: acrossProtocols ? turn.usage.input > 0 : turn.usage.input, output: turn.usage.output, cacheRead: turn.usage.cacheRead, cacheWrite: turn.usage.cacheWrite },
  }))
}
