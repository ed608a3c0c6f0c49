import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import type { RequestShape } from '../../core/provider.ts'
import type { ProviderFactory } from '../registry.ts'
import { openAiToolNames, toolNameProblem } from '../wire/tool-name-rules.ts'
import { buildChatRequest } from '../wire/chat-completions-request.ts'
import { fromChatCompletion } from '../wire/chat-completions-response.ts'
import { credentialDefaults } from './credentials.ts'
import { optionNames } from '../../core/option-names.ts'
import { cachesTools, sdkSetup, streams } from './http-for-provider.ts'
import { promptCacheKey } from '../wire/cache-markers.ts'
import { streamChatCompletion, streamingChatBody } from '../streaming/chat-stream.ts'
import { openAiClient } from './openai-client.ts'
import { mistralCallIds, mistralHosted, type CallIdRule } from '../wire/tool-call-ids.ts'
import { maxTokensOf, sdkProvider } from './sdk-provider.ts'
import { createOpenAiBatchApi } from '../batch/openai-batch.ts'

/**
 * The Chat Completions provider factory through the `openai` SDK, with our fetch below it and the SDK's retries off;
 * with `stream: true` (or `--stream`) through the SDK's streaming API, the turn assembled by its ChatCompletionStream.
 * `hostedOpenAi`: `openai:` (api.openai.com's key and host variables, `max_completion_tokens`, its Batch API), else
 * `openai-compatible:` (no implicit key or host, the `max_tokens` these servers know, no OpenAI headers or batches).
 */
export const chatCompletionsFactory = (hostedOpenAi: boolean): ProviderFactory => async (model, spec, options) => {
  const defaults = hostedOpenAi ? credentialDefaults.openai : credentialDefaults['openai-compatible']
  const { credentials, http } = sdkSetup(model, spec, options, { expected: `${spec.replace(/:$/, '')}:<model>`, protocol: 'chat', credentials: defaults })
  const client = openAiClient(credentials, { fetch: http.fetch, hostedOpenAi })
  const callIds = chatCallIds(credentials.baseUrl, hostedOpenAi)
  const streamed = streams(options)
  const cached = cachesTools(options)
  // The OpenAI Batch API is OpenAI's own: compatible servers have none (their models run one request at a time under --batch).
  const batchApi = hostedOpenAi ? { batchApi: () => createOpenAiBatchApi(client, '/v1/chat/completions') } : {}
  // Only openai-compatible: sends no key unless told: a server that wants one refuses every request, and says only "401".
  const refusal = credentials.apiKey === undefined && !hostedOpenAi ? { refusal: noKeySent(optionNames(options).sendKey) } : {}
  return sdkProvider(spec, options, { http, secrets: credentials.secrets, ...batchApi, ...refusal }, {
    build: (request) => {
      const built = buildChatRequest(request, {
        model,
        maxTokensField: hostedOpenAi ? 'max_completion_tokens' : 'max_tokens',
        ...(callIds ? { callIds } : {}),
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
    // Compatible servers take other names (vLLM, Ollama: whatever their chat template does); api.openai.com does not.
    ...(hostedOpenAi ? { check: (request: RequestShape) => toolNameProblem(request, openAiToolNames) } : {}),
  })
}

/**
 * The call ids a Chat Completions host takes back, by its base URL: Mistral's API (any spec pointed at it) exactly 9
 * alphanumerics; api.openai.com at most 40 (`openai:`); compatible servers anything (they issue longer: vLLM's are 46).
 */
function chatCallIds(baseUrl: string | undefined, hostedOpenAi: boolean): CallIdRule | undefined {
  if (mistralHosted(baseUrl)) return mistralCallIds
  return hostedOpenAi ? { maxLength: 40 } : undefined
}

const noKeySent = (sendKey: string) => `no API key was sent (openai-compatible: sends none unless told): name the environment variable that holds it with ${sendKey}`
