import Anthropic from '@anthropic-ai/sdk'
import { InputError, ProviderError } from '../core/errors.ts'
import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { redactText } from '../http/redact.ts'
import { splitSpec } from '../pricing/lookup.ts'
import { credentialDefaults, resolveCredentials, type Credentials } from '../providers/runtime/credentials.ts'
import { httpClientFor } from '../providers/runtime/http-for-provider.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { optionNames } from '../core/option-names.ts'
import { openAiClient, sdkApiKey } from '../providers/runtime/openai-client.ts'
import { buildAnthropicRequest } from '../providers/wire/anthropic-request.ts'
import { buildChatRequest } from '../providers/wire/chat-completions-request.ts'
import { toResponsesInput, toResponsesToolChoice, toResponsesTools } from '../providers/wire/responses-request.ts'

/** Asks the provider how many input tokens one request with these tools (none: no tools, no tool_choice) costs. */
export type PromptProbe = (tools: readonly ToolDefinition[]) => Promise<number>

/** A live probe and how its figures were obtained. */
export type LiveProbe = { readonly probe: PromptProbe; readonly provenance: string; readonly confidence: number }

/** Connection settings for live measurement (each SDK otherwise reads its own *_API_KEY and *_BASE_URL). */
export type MeasureOptions = Pick<ProviderOptions, 'optionNames'> & {
  readonly baseUrl?: string
  readonly apiKeyEnv?: string
  readonly timeoutMs?: number
}

const context = { suite: 'tokens', caseId: 'measure', repeat: 0, turn: 0 }

/**
 * Builds the live probe for a model spec: Anthropic's free `count_tokens` endpoint, OpenAI's Responses
 * `input_tokens` endpoint, or for Chat Completions (OpenAI and compatible servers) `usage.prompt_tokens` of a
 * one-output-token call. Specs without a remote API (baseline, scripted) cannot be measured.
 */
export function liveProbe(spec: string, messages: readonly Message[], toolChoice: ToolChoice | undefined, options: MeasureOptions): LiveProbe {
  const { provider: prefix, model } = splitSpec(spec)
  if (model === '' || !['anthropic', 'openai', 'openai-responses', 'openai-compatible'].includes(prefix)) {
    throw new InputError(`cannot measure "${spec}": live measurement needs anthropic:, openai:, openai-responses: or openai-compatible:`, { field: optionNames(options).model })
  }
  const request = (tools: readonly ToolDefinition[]) => ({ messages, tools, toolChoice: toolChoice ?? 'auto', context })
  const timeout = options.timeoutMs ?? 60_000
  const providerOptions = { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), ...(options.apiKeyEnv ? { apiKeyEnv: options.apiKeyEnv } : {}), ...(options.optionNames ? { optionNames: options.optionNames } : {}) }
  // toolgauge's HTTP layer under the SDK, as for runs: its retries (the SDK's are off) and no redirect followed with the key.
  const fetchFor = (credentials: Credentials) => httpClientFor({ retries: 2, timeoutMs: timeout }, credentials.secrets).fetch
  if (prefix === 'anthropic') {
    const credentials = resolveCredentials(providerOptions, credentialDefaults.anthropic, spec)
    const client = new Anthropic({
      apiKey: sdkApiKey(credentials),
      authToken: null,
      ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
      fetch: fetchFor(credentials),
      maxRetries: 0,
      timeout,
    })
    return {
      // Differencing two counts cancels Anthropic's own additions; the docs call each count an estimate (±1–2 left).
      confidence: 2,
      provenance: 'POST /v1/messages/count_tokens, with and without tools',
      probe: async (tools) => {
        const { max_tokens: _unused, ...body } = buildAnthropicRequest(request(tools), { model, maxTokens: 1 })
        return (await call(spec, credentials, () => client.messages.countTokens(body))).input_tokens
      },
    }
  }
  const compatible = prefix === 'openai-compatible'
  const credentials = resolveCredentials(providerOptions, credentialDefaults[prefix as 'openai' | 'openai-responses' | 'openai-compatible'], spec)
  const client = openAiClient(credentials, { hostedOpenAi: !compatible, fetch: fetchFor(credentials), timeoutMs: timeout })
  if (prefix === 'openai-responses') {
    return {
      confidence: 0,
      provenance: 'POST /v1/responses/input_tokens, with and without tools',
      probe: async (tools) => {
        const body = {
          model,
          input: toResponsesInput(messages),
          ...(tools.length > 0 ? { tools: toResponsesTools(tools), tool_choice: toResponsesToolChoice(toolChoice ?? 'auto') } : {}),
        }
        return (await call(spec, credentials, () => client.responses.inputTokens.count(body))).input_tokens
      },
    }
  }
  return {
    confidence: 0,
    provenance: 'usage.prompt_tokens of two Chat Completions calls (max 1 output token), with and without tools',
    probe: async (tools) => {
      const body = buildChatRequest(request(tools), { model, maxTokens: 1, maxTokensField: compatible ? 'max_tokens' : 'max_completion_tokens' })
      const completion = await call(spec, credentials, () => client.chat.completions.create(body))
      if (!completion.usage) throw new ProviderError(`${spec}: the response carries no usage, so prompt tokens cannot be measured`)
      return completion.usage.prompt_tokens
    },
  }
}

async function call<T>(spec: string, credentials: Credentials, send: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (error) {
    // The SDK wraps our HTTP layer's failure ("Connection error."); its own message says what happened.
    const below = ProviderError.within(error)
    if (below) throw new ProviderError(`${spec}: measurement request failed: ${redactText(below.message, credentials.secrets)}`, { ...below.details, cause: error })
    const status = (error as { status?: number }).status
    throw new ProviderError(`${spec}: measurement request failed${status ? ` (HTTP ${status})` : ''}: ${redactText((error as Error).message, credentials.secrets)}`, {
      ...(status !== undefined ? { status } : {}),
      cause: error,
    })
  }
}

