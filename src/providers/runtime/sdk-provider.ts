import type { BatchApi } from '../../core/batch.ts'
import type { GenerateRequest, Provider, RequestProblem, RequestShape } from '../../core/provider.ts'
import type { HttpClient } from '../../http/http-client.ts'
import { ModelBatchQueue } from '../batch/batch-queue.ts'
import { withLimits } from '../limits.ts'
import type { ProviderOptions } from '../provider-options.ts'
import type { MappedTurn } from '../wire/chat-completions-response.ts'
import { redactDeep } from '../../http/redact.ts'
import { callSdk, type SdkRequestOptions } from './sdk-call.ts'

/** What differs between SDK-backed adapters: how a request becomes a body, how it is sent, how the answer is read. */
export type SdkProtocol<Body, Answer> = {
  build(request: GenerateRequest): Body
  send(body: Body, options: SdkRequestOptions): Promise<Answer>
  /** `body` is the answer's JSON text as the API sent it, for fields the SDK drops when it converts the answer. */
  read(answer: Answer, request: GenerateRequest, body?: string): MappedTurn
  /** How `extra_body` joins the body (default: merged over it, key by key). */
  withExtraBody?(body: Body, extra: { readonly [key: string]: unknown }): Body
  /** What the API would refuse in a case's requests, found before any is sent (`Provider.checkRequest`). */
  check?(request: RequestShape): RequestProblem | undefined
}

/** What an adapter's provider talks through: the HTTP layer, the secrets to redact, and its batch API if it has one. */
export type SdkConnection = {
  readonly http: HttpClient
  readonly secrets: readonly string[]
  /**
   * The protocol's batch API over the adapter's SDK client (`providers/batch/<protocol>-batch.ts`). Called once,
   * in batch mode only; a model without one sends its requests one by one even with `--batch`.
   */
  readonly batchApi?: () => BatchApi
  /** What a 401/403 means for this model (`SdkCallSettings.refusal`). */
  readonly refusal?: string
}

/**
 * A Provider over one SDK client. Every adapter shares this `doGenerate`: build the body, send it linked to its
 * exchange (retries, record/replay, errors → ProviderError), map the answer, attach latency, retries and the
 * redacted raw payloads; then the per-model limits wrap it. In batch mode (with a batch API) the provider carries
 * its queue (`Provider.batch`) and no limits: a request held behind a limit would never reach the barrier.
 */
export function sdkProvider<Body, Answer>(
  spec: string,
  options: ProviderOptions,
  connection: SdkConnection,
  protocol: SdkProtocol<Body, Answer>,
): Provider {
  // The label is the model's identity everywhere (cassette keys included); the spec stays what errors are about.
  const id = options.label ?? spec
  const settings = { http: connection.http, spec: id, secrets: connection.secrets, ...(connection.refusal !== undefined ? { refusal: connection.refusal } : {}) }
  const extraBody = options.settings?.extra_body
  const extraHeaders = options.settings?.extra_headers
  const provider: Provider = {
    id,
    ...(id !== spec ? { spec } : {}),
    ...(protocol.check ? { checkRequest: protocol.check } : {}),
    async doGenerate(request, signal) {
      const built = protocol.build(request)
      const body = extraBody ? (protocol.withExtraBody ?? mergeBody)(built, extraBody) : built
      const result = await callSdk(settings, request, signal, (requestOptions) =>
        protocol.send(body, extraHeaders ? { ...requestOptions, headers: { ...extraHeaders, ...requestOptions.headers } } : requestOptions))
      return {
        ...protocol.read(result.value, request, result.body),
        latencyMs: result.latencyMs,
        retries: result.retries,
        ...(result.stream ? { stream: result.stream } : {}),
        ...(result.batch !== undefined ? { batch: result.batch } : {}),
        // Raw payloads for the transcript, with secret values removed.
        raw: redactDeep({ request: body, response: result.value }, connection.secrets),
      }
    },
  }
  const queue = connection.http.batch
  if (queue instanceof ModelBatchQueue && connection.batchApi) {
    queue.connect(connection.batchApi())
    return { ...provider, batch: queue }
  }
  return withLimits(provider, options)
}

function mergeBody<Body>(body: Body, extra: { readonly [key: string]: unknown }): Body {
  return { ...body, ...extra }
}

/** The output cap: the `max_tokens` setting, else the provider option (config `providers:` / library). */
export function maxTokensOf(options: ProviderOptions): { maxTokens?: number } {
  const maxTokens = options.settings?.max_tokens ?? options.maxTokens
  return maxTokens !== undefined ? { maxTokens } : {}
}
