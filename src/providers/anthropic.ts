import Anthropic from '@anthropic-ai/sdk'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { withLimits } from './limits.ts'
import type { ProviderFactory } from './registry.ts'
import { resolveCredentials } from './runtime/credentials.ts'
import { httpClientFor, sdkTimeoutMs } from './runtime/http-for-provider.ts'
import { callSdk, redactedRaw } from './runtime/sdk-call.ts'
import { buildAnthropicRequest } from './wire/anthropic-request.ts'
import { fromAnthropicMessage } from './wire/anthropic-response.ts'

/** max_tokens is mandatory on the Messages API; 4096 fits any tool-calling turn and every current model. */
const defaultMaxTokens = 4096

/** `anthropic:<model>`: the Messages API, key from ANTHROPIC_API_KEY, host from ANTHROPIC_BASE_URL or --base-url. */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  if (model === '') throw new InputError(`model spec "${spec}" names no model (expected anthropic:<model>)`, { field: '--model' })
  const credentials = resolveCredentials(options, { apiKeyEnv: 'ANTHROPIC_API_KEY', baseUrlEnv: 'ANTHROPIC_BASE_URL', keyRequired: true }, spec)
  const http = httpClientFor(options, credentials.secrets)
  const client = new Anthropic({
    // An explicit key also stops the SDK from looking for profiles and token files on this machine.
    apiKey: credentials.apiKey,
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
  const settings = { http, spec, secrets: credentials.secrets }
  const provider: Provider = {
    id: spec,
    async doGenerate(request, signal) {
      const body = buildAnthropicRequest(request, { model, maxTokens: options.maxTokens ?? defaultMaxTokens })
      const result = await callSdk(settings, request, signal, (requestOptions) => client.messages.create(body, requestOptions))
      return {
        ...fromAnthropicMessage(result.value, request),
        latencyMs: result.latencyMs,
        retries: result.retries,
        raw: redactedRaw(body, result.value, credentials.secrets),
      }
    },
  }
  return withLimits(provider, options)
}
