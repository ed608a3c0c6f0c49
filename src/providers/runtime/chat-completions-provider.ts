import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import type { Provider } from '../../core/provider.ts'
import type { ProviderOptions } from '../provider-options.ts'
import { buildChatRequest, type ChatRequestSettings } from '../wire/chat-completions-request.ts'
import { fromChatCompletion } from '../wire/chat-completions-response.ts'
import type { CredentialDefaults } from './credentials.ts'
import { cachesTools, sdkSetup, streams } from './http-for-provider.ts'
import { promptCacheKey } from '../wire/cache-markers.ts'
import { streamChatCompletion, streamingChatBody } from '../streaming/chat-stream.ts'
import { openAiClient } from './openai-client.ts'
import { maxTokensOf, sdkProvider } from './sdk-provider.ts'
import { createOpenAiBatchApi } from '../batch/openai-batch.ts'

/** What differs between `openai:` and `openai-compatible:` (the wire protocol is the same). */
export type ChatFlavor = {
  readonly credentials: CredentialDefaults
  readonly maxTokensField: ChatRequestSettings['maxTokensField']
  /** api.openai.com itself (false for compatible servers: no OpenAI organization/project headers). */
  readonly hostedOpenAi: boolean
}

/**
 * A Chat Completions provider through the `openai` SDK, with our fetch below it and the SDK's retries off; with
 * `stream: true` (or `--stream`) through the SDK's streaming API, the turn assembled by its ChatCompletionStream.
 */
export function createChatCompletionsProvider(model: string, spec: string, options: ProviderOptions, flavor: ChatFlavor): Provider {
  const { credentials, http } = sdkSetup(model, spec, options, { expected: `${spec.replace(/:$/, '')}:<model>`, protocol: 'chat', credentials: flavor.credentials })
  const client = openAiClient(credentials, { fetch: http.fetch, hostedOpenAi: flavor.hostedOpenAi })
  const streamed = streams(options)
  const cached = cachesTools(options)
  // The OpenAI Batch API is OpenAI's own: compatible servers have none (their models run one request at a time under --batch).
  const batchApi = flavor.hostedOpenAi ? { batchApi: () => createOpenAiBatchApi(client, '/v1/chat/completions') } : {}
  return sdkProvider(spec, options, { http, secrets: credentials.secrets, ...batchApi }, {
    build: (request) => {
      const built = buildChatRequest(request, {
        model,
        maxTokensField: flavor.maxTokensField,
        ...maxTokensOf(options),
        ...(options.settings ? { settings: options.settings } : {}),
      })
      // Chat Completions caches prefixes by itself; the key routes a suite's requests to the same cache.
      const body = cached ? { ...built, prompt_cache_key: promptCacheKey(request) } : built
      return streamed ? streamingChatBody(body) : body
    },
    send: (body, requestOptions) =>
      body.stream === true ? streamChatCompletion(client, body, requestOptions) : client.chat.completions.create(body as ChatCompletionCreateParamsNonStreaming, requestOptions),
    read: fromChatCompletion,
  })
}
