import { InputError } from '../../core/errors.ts'
import type { GenerateRequest, Provider } from '../../core/provider.ts'
import type { HttpClient } from '../../http/http-client.ts'
import { withLimits } from '../limits.ts'
import type { ProviderOptions } from '../provider-options.ts'
import type { MappedTurn } from '../wire/chat-completions-response.ts'
import { callSdk, redactedRaw, type SdkRequestOptions } from './sdk-call.ts'

/** What differs between SDK-backed adapters: how a request becomes a body, how it is sent, how the answer is read. */
export type SdkProtocol<Body, Answer> = {
  build(request: GenerateRequest): Body
  send(body: Body, options: SdkRequestOptions): Promise<Answer>
  read(answer: Answer, request: GenerateRequest): MappedTurn
}

/**
 * A Provider over one SDK client. Every adapter shares this `doGenerate`: build the body, send it linked to its
 * exchange (retries, record/replay, errors → ProviderError), map the answer, attach latency, retries and the
 * redacted raw payloads; then the per-model limits wrap it.
 */
export function sdkProvider<Body, Answer>(
  spec: string,
  options: ProviderOptions,
  connection: { readonly http: HttpClient; readonly secrets: readonly string[] },
  protocol: SdkProtocol<Body, Answer>,
): Provider {
  const settings = { http: connection.http, spec, secrets: connection.secrets }
  const provider: Provider = {
    id: spec,
    async doGenerate(request, signal) {
      const body = protocol.build(request)
      const result = await callSdk(settings, request, signal, (requestOptions) => protocol.send(body, requestOptions))
      return {
        ...protocol.read(result.value, request),
        latencyMs: result.latencyMs,
        retries: result.retries,
        raw: redactedRaw(body, result.value, connection.secrets),
      }
    },
  }
  return withLimits(provider, options)
}

/** A spec must name a model after its prefix (`anthropic:` alone is a usage error). */
export function requireModel(model: string, spec: string, expected: string): void {
  if (model === '') throw new InputError(`model spec "${spec}" names no model (expected ${expected})`, { field: '--model' })
}
