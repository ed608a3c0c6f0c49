import OpenAI from 'openai'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { withLimits } from './limits.ts'
import type { ProviderFactory } from './registry.ts'
import { resolveCredentials } from './runtime/credentials.ts'
import { httpClientFor, sdkTimeoutMs } from './runtime/http-for-provider.ts'
import { callSdk, redactedRaw } from './runtime/sdk-call.ts'
import { buildResponsesRequest } from './wire/responses-request.ts'
import { fromResponsesResponse } from './wire/responses-response.ts'

/** `openai-responses:<model>`: the Responses API, full input every turn with `store: false` (no server-side state). */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  if (model === '') throw new InputError(`model spec "${spec}" names no model (expected openai-responses:<model>)`, { field: '--model' })
  const credentials = resolveCredentials(options, { apiKeyEnv: 'OPENAI_API_KEY', baseUrlEnv: 'OPENAI_BASE_URL', keyRequired: true }, spec)
  const http = httpClientFor(options, credentials.secrets)
  const client = new OpenAI({
    apiKey: credentials.apiKey,
    ...(credentials.baseUrl !== undefined ? { baseURL: credentials.baseUrl } : {}),
    fetch: http.fetch,
    maxRetries: 0,
    timeout: sdkTimeoutMs,
  })
  const settings = { http, spec, secrets: credentials.secrets }
  const provider: Provider = {
    id: spec,
    async doGenerate(request, signal) {
      const body = buildResponsesRequest(request, { model, ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}) })
      const result = await callSdk(settings, request, signal, (requestOptions) => client.responses.create(body, requestOptions))
      return {
        ...fromResponsesResponse(result.value, request),
        latencyMs: result.latencyMs,
        retries: result.retries,
        raw: redactedRaw(body, result.value, credentials.secrets),
      }
    },
  }
  return withLimits(provider, options)
}
