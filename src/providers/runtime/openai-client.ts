import OpenAI from 'openai'
import type { HttpClient } from '../../http/http-client.ts'
import type { Credentials } from './credentials.ts'
import { sdkTimeoutMs } from './http-for-provider.ts'

/** The `openai` SDK client both OpenAI protocols use: our fetch below it, the SDK's own retries off. */
export function openAiClient(credentials: Credentials, http: HttpClient): OpenAI {
  return new OpenAI({
    apiKey: credentials.apiKey,
    ...(credentials.baseUrl !== undefined ? { baseURL: credentials.baseUrl } : {}),
    fetch: http.fetch,
    maxRetries: 0,
    timeout: sdkTimeoutMs,
  })
}
