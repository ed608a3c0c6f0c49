import OpenAI from 'openai'
import type { Credentials } from './credentials.ts'
import { sdkTimeoutMs } from './http-for-provider.ts'

// The SDKs refuse to start without a key; keyless servers and replay still need some string there (never sent).
const placeholderKey = 'toolgauge-no-key'

/** How the client is wired: our fetch, and whether the host is api.openai.com. The SDK's own retries are off: the layer under it retries. */
export type OpenAiClientSettings = {
  /**
   * The HTTP layer's fetch, always: the SDK's default (the global fetch) follows a redirect with the key in its
   * headers, and records, retries and redacts nothing.
   */
  readonly fetch: typeof globalThis.fetch
  /** False for compatible servers: the SDK must not add OPENAI_ORG_ID / OPENAI_PROJECT_ID headers meant for OpenAI. */
  readonly hostedOpenAi: boolean
  readonly timeoutMs?: number
}

/** The `openai` SDK client both OpenAI protocols use. With no key the Authorization header is removed, not faked. */
export function openAiClient(credentials: Credentials, settings: OpenAiClientSettings): OpenAI {
  return new OpenAI({
    apiKey: sdkApiKey(credentials),
    ...(credentials.apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
    ...(settings.hostedOpenAi ? {} : { organization: null, project: null }),
    ...(credentials.baseUrl !== undefined ? { baseURL: credentials.baseUrl } : {}),
    fetch: settings.fetch,
    maxRetries: 0,
    timeout: settings.timeoutMs ?? sdkTimeoutMs,
  })
}

/** The key an SDK constructor gets: the resolved one, or a placeholder when none is sent (replay, keyless). */
export function sdkApiKey(credentials: Credentials): string {
  return credentials.apiKey ?? placeholderKey
}
