import type { ProviderFactory } from './registry.ts'
import { credentialDefaults, resolveCredentials } from './runtime/credentials.ts'
import { httpClientFor } from './runtime/http-for-provider.ts'
import { openAiClient } from './runtime/openai-client.ts'
import { requireModel, sdkProvider } from './runtime/sdk-provider.ts'
import { buildResponsesRequest } from './wire/responses-request.ts'
import { fromResponsesResponse } from './wire/responses-response.ts'

/** `openai-responses:<model>`: the Responses API, full input every turn with `store: false` (no server-side state). */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  requireModel(model, spec, 'openai-responses:<model>')
  const credentials = resolveCredentials(options, credentialDefaults['openai-responses'], spec)
  const http = httpClientFor(options, credentials.secrets)
  const client = openAiClient(credentials, { fetch: http.fetch, hostedOpenAi: true })
  return sdkProvider(spec, options, { http, secrets: credentials.secrets }, {
    build: (request) => buildResponsesRequest(request, { model, ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}) }),
    send: (body, requestOptions) => client.responses.create(body, requestOptions),
    read: fromResponsesResponse,
  })
}
