import { GoogleGenAI, type GenerateContentParameters, type GenerateContentResponse, type HttpOptions } from '@google/genai'
import { createGeminiBatchApi } from './batch/gemini-batch.ts'
import type { ProviderFactory } from './registry.ts'
import { credentialDefaults } from './runtime/credentials.ts'
import { sdkApiKey } from './runtime/openai-client.ts'
import { sdkSetup, sdkTimeoutMs, streams } from './runtime/http-for-provider.ts'
import type { SdkRequestOptions } from './runtime/sdk-call.ts'
import { streamGeminiContent } from './streaming/gemini-stream.ts'
import { maxTokensOf, sdkProvider } from './runtime/sdk-provider.ts'
import { buildGeminiRequest } from './wire/gemini-request.ts'
import { fromGeminiResponse, wireFinishMessage } from './wire/gemini-response.ts'
import { geminiToolNames, toolNameProblem } from './wire/tool-name-rules.ts'

/**
 * `google:<model>`: Gemini's generateContent through `@google/genai`, key from GEMINI_API_KEY (or GOOGLE_API_KEY),
 * host from GOOGLE_GEMINI_BASE_URL or the model's base URL. The SDK takes a custom `fetch` in `httpOptions`, so its
 * HTTP goes through toolgauge's layer (retries, timeouts, record/replay, redaction) like the other SDKs'; its own
 * retries stay off (no `retryOptions`). With `stream: true` through `generateContentStream`
 * (`streamGenerateContent?alt=sse`), its chunks merged into the same response (streaming/gemini-stream.ts).
 */
export const createProvider: ProviderFactory = async (model, spec, options) => {
  const { credentials, http } = sdkSetup(model, spec, options, { expected: 'google:<model>', protocol: 'gemini', credentials: credentialDefaults.google })
  const client = new GoogleGenAI({
    // Replay sends nothing: the SDK still wants some key.
    apiKey: sdkApiKey(credentials),
    // Never Vertex AI by an environment variable: the request must go where the resolved key and URL say.
    vertexai: false,
    httpOptions: {
      ...(credentials.baseUrl !== undefined ? { baseUrl: credentials.baseUrl } : {}),
      fetch: http.fetch,
      timeout: sdkTimeoutMs,
    },
  })
  const streamed = streams(options)
  // In batch mode the generation requests go through Gemini batch mode over this same client (batch/gemini-batch.ts).
  return sdkProvider(spec, options, { http, secrets: credentials.secrets, batchApi: () => createGeminiBatchApi(client, model) }, {
    build: (request) => buildGeminiRequest(request, { model, ...maxTokensOf(options), ...(options.settings ? { settings: options.settings } : {}) }),
    send: async (body, requestOptions) => {
      if (streamed) return streamGeminiContent(client, withRequestOptions(body, requestOptions))
      const response = await client.models.generateContent(withRequestOptions(body, requestOptions))
      // The SDK attaches the HTTP headers to the answer; the transcript keeps the API's body only.
      const { sdkHttpResponse: _headers, ...answer } = response
      return answer as GenerateContentResponse
    },
    read: (answer, _request, body) => fromGeminiResponse(answer, wireFinishMessage(body)),
    check: (request) => toolNameProblem(request, geminiToolNames),
    // The body is SDK parameters, not the wire body: `extra_body` goes through the SDK's own escape hatch.
    withExtraBody: (body: GenerateContentParameters, extra) => withHttpOptions(body, { extraBody: { ...body.config?.httpOptions?.extraBody, ...extra } }),
  })
}

/** The SDK parameters with this request's headers (the exchange link, `extra_headers`) and abort signal. */
function withRequestOptions(body: GenerateContentParameters, requestOptions: SdkRequestOptions): GenerateContentParameters {
  const withHeaders = withHttpOptions(body, { headers: { ...body.config?.httpOptions?.headers, ...requestOptions.headers } })
  return requestOptions.signal ? { ...withHeaders, config: { ...withHeaders.config, abortSignal: requestOptions.signal } } : withHeaders
}

function withHttpOptions(body: GenerateContentParameters, httpOptions: HttpOptions): GenerateContentParameters {
  return { ...body, config: { ...body.config, httpOptions: { ...body.config?.httpOptions, ...httpOptions } } }
}
