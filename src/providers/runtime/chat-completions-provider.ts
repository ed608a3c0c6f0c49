import OpenAI from 'openai'
import { InputError } from '../../core/errors.ts'
import type { Provider } from '../../core/provider.ts'
import { withLimits } from '../limits.ts'
import type { ProviderOptions } from '../provider-options.ts'
import { buildChatRequest, type ChatRequestSettings } from '../wire/chat-completions-request.ts'
import { fromChatCompletion } from '../wire/chat-completions-response.ts'
import { resolveCredentials, type CredentialDefaults } from './credentials.ts'
import { httpClientFor, sdkTimeoutMs } from './http-for-provider.ts'
import { callSdk, redactedRaw } from './sdk-call.ts'

/** What differs between `openai:` and `openai-compatible:` (the wire protocol is the same). */
export type ChatFlavor = CredentialDefaults & {
  readonly maxTokensField: ChatRequestSettings['maxTokensField']
  /** Compatible servers have no default host: a base URL is required. */
  readonly baseUrlRequired: boolean
}

/** A Chat Completions provider through the `openai` SDK, with our fetch below it and the SDK's retries off. */
export function createChatCompletionsProvider(model: string, spec: string, options: ProviderOptions, flavor: ChatFlavor): Provider {
  if (model === '') throw new InputError(`model spec "${spec}" names no model (expected ${spec.replace(/:$/, '')}:<model>)`, { field: '--model' })
  const credentials = resolveCredentials(options, flavor, spec)
  if (flavor.baseUrlRequired && credentials.baseUrl === undefined) {
    throw new InputError(`${spec} needs the server's URL: pass --base-url or set ${flavor.baseUrlEnv} (e.g. http://localhost:11434/v1)`, {
      field: '--base-url',
    })
  }
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
      const body = buildChatRequest(request, {
        model,
        maxTokensField: flavor.maxTokensField,
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      })
      const result = await callSdk(settings, request, signal, (requestOptions) => client.chat.completions.create(body, requestOptions))
      return {
        ...fromChatCompletion(result.value, request),
        latencyMs: result.latencyMs,
        retries: result.retries,
        raw: redactedRaw(body, result.value, credentials.secrets),
      }
    },
  }
  return withLimits(provider, options)
}
