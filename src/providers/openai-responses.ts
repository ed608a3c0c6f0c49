import type { ProviderFactory } from './registry.ts'
import { credentialDefaults } from './runtime/credentials.ts'
import { cachesTools, sdkSetup, streams } from './runtime/http-for-provider.ts'
import { promptCacheKey } from './wire/cache-markers.ts'
import { streamResponse } from './streaming/responses-stream.ts'
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses'
import { openAiClient } from './runtime/openai-client.ts'
import { maxTokensOf, sdkProvider } from './runtime/sdk-provider.ts'
import { createOpenAiBatchApi } from './batch/openai-batch.ts'
import { buildResponsesRequest } from './wire/responses-request.ts'
import { fromResponsesResponse } from './wire/responses-response.ts'
import { openAiToolNames, toolNameProblem } from './wire/tool-name-rules.ts'

/** Models that reason (o-series, gpt-5 family, codex): they return reasoning items; the others refuse `reasoning.encrypted_content`. */
function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|codex)/.test(model)
}

/**
 * `openai-responses:<model>`: the Responses API. By default the full input every turn with `store: false`, reasoning
 * items sent back with their encrypted content; with the `store: true` setting, turns chain by `previous_response_id`.
 * With `stream: true` through the SDK's `responses.stream`, the turn assembled by its ResponseStream.
 */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  const { credentials, http } = sdkSetup(model, spec, options, { expected: 'openai-responses:<model>', protocol: 'responses', credentials: credentialDefaults['openai-responses'] })
  const chained = options.settings?.store === true
  const client = openAiClient(credentials, { fetch: http.fetch, hostedOpenAi: true })
  const streamed = streams(options)
  const cached = cachesTools(options)
  return sdkProvider(spec, options, { http, secrets: credentials.secrets, batchApi: () => createOpenAiBatchApi(client, '/v1/responses') }, {
    build: (request) => {
      const built = buildResponsesRequest(request, {
        model,
        ...maxTokensOf(options),
        includeEncryptedReasoning: isReasoningModel(model) || options.settings?.reasoning !== undefined,
        chained,
        ...(options.settings ? { settings: options.settings } : {}),
      })
      const body = cached ? { ...built, prompt_cache_key: promptCacheKey(request) } : built
      return streamed ? { ...body, stream: true as const } : body
    },
    send: (body, requestOptions) =>
      body.stream === true ? streamResponse(client, body, requestOptions) : client.responses.create(body as ResponseCreateParamsNonStreaming, requestOptions),
    read: (response) => fromResponsesResponse(response, { chained }),
    check: (request) => toolNameProblem(request, openAiToolNames),
  })
}
