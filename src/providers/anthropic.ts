import Anthropic from '@anthropic-ai/sdk'
import type { ProviderFactory } from './registry.ts'
import { credentialDefaults } from './runtime/credentials.ts'
import { sdkApiKey } from './runtime/openai-client.ts'
import { cachesTools, sdkSetup, sdkTimeoutMs, streams } from './runtime/http-for-provider.ts'
import { withAnthropicCacheMarkers } from './wire/cache-markers.ts'
import { streamAnthropicMessage } from './streaming/anthropic-stream.ts'
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages'
import { maxTokensOf, sdkProvider } from './runtime/sdk-provider.ts'
import type { ProviderOptions } from './provider-options.ts'
import { anthropicRequestProblem, buildAnthropicRequest } from './wire/anthropic-request.ts'
import type { RequestShape } from '../core/provider.ts'
import { fromAnthropicMessage } from './wire/anthropic-response.ts'
import { anthropicToolNames, toolNameProblem } from './wire/tool-name-rules.ts'
import { createAnthropicBatchApi } from './batch/anthropic-batch.ts'

/** max_tokens is mandatory on the Messages API; 4096 fits any tool-calling turn and every current model. */
const defaultMaxTokens = 4096

/**
 * `anthropic:<model>`: the Messages API, key from ANTHROPIC_API_KEY, host from ANTHROPIC_BASE_URL or its own base_url;
 * with `stream: true` a streaming request, its events assembled into the same Message (streaming/anthropic-stream.ts);
 * with `cache_tools: true` the last tool and the system prompt carry `cache_control` (wire/cache-markers.ts); with
 * `--batch` (or `batch: true`) its requests go through Message Batches (batch/anthropic-batch.ts).
 */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  const { credentials, http } = sdkSetup(model, spec, options, { expected: 'anthropic:<model>', protocol: 'anthropic', credentials: credentialDefaults.anthropic })
  const client = new Anthropic({
    // An explicit key also stops the SDK from looking for profiles and token files on this machine.
    apiKey: sdkApiKey(credentials),
    // Never pick up ANTHROPIC_AUTH_TOKEN from the environment: the request must carry the key resolved above only.
    authToken: null,
    ...(credentials.baseUrl !== undefined ? { baseURL: credentials.baseUrl } : {}),
    fetch: http.fetch,
    maxRetries: 0,
    // Explicit, so the SDK skips its "non-streaming may exceed 10 minutes" guard; our fetch enforces the real one.
    timeout: sdkTimeoutMs,
    // No trace headers: they would vary per request and show up in recorded exchanges.
    openTelemetry: false,
  })
  const streamed = streams(options)
  const cached = cachesTools(options)
  return sdkProvider(spec, options, { http, secrets: credentials.secrets, batchApi: () => createAnthropicBatchApi(client) }, {
    build: (request) => {
      const built = buildAnthropicRequest(request, { model, maxTokens: anthropicMaxTokens(options), ...(options.settings ? { settings: options.settings } : {}) })
      const body = cached ? withAnthropicCacheMarkers(built) : built
      return streamed ? { ...body, stream: true as const } : body
    },
    send: (body, requestOptions) =>
      body.stream === true ? streamAnthropicMessage(client, body, requestOptions) : client.messages.create(body as MessageCreateParamsNonStreaming, requestOptions),
    read: fromAnthropicMessage,
    check: (request: RequestShape) => toolNameProblem(request, anthropicToolNames) ?? anthropicRequestProblem(request, options.settings),
  })
}

/** The cap the user set, else 4096 — above the thinking budget when there is one (the API wants max_tokens > budget_tokens). */
function anthropicMaxTokens(options: ProviderOptions): number {
  const set = maxTokensOf(options).maxTokens
  if (set !== undefined) return set
  const thinking = options.settings?.thinking
  return thinking?.type === 'enabled' ? thinking.budget_tokens + defaultMaxTokens : defaultMaxTokens
}
