// An in-memory BatchApi for the batch mechanism's tests: each entry is answered by the fake Chat Completions API of
// test/providers/fake/ (the handler a direct request gets), so a batched run and a direct one are comparable.
import type { BatchApi, BatchEntry, BatchOutcome, BatchState } from '../../../src/core/batch.ts'
import { credentialDefaults } from '../../../src/providers/runtime/credentials.ts'
import { sdkSetup } from '../../../src/providers/runtime/http-for-provider.ts'
import { openAiClient } from '../../../src/providers/runtime/openai-client.ts'
import { sdkProvider } from '../../../src/providers/runtime/sdk-provider.ts'
import type { ProviderOptions } from '../../../src/providers/provider-options.ts'
import type { Provider } from '../../../src/core/provider.ts'
import { buildChatRequest } from '../../../src/providers/wire/chat-completions-request.ts'
import { fromChatCompletion } from '../../../src/providers/wire/chat-completions-response.ts'
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import { fakeApi } from '../fake/api.ts'
import type { Behaviour } from '../fake/behaviour.ts'
import { openaiKey, protocolFor } from '../fake/harness.ts'

/** What the in-memory API does with its batches; tests change the fields as they go. */
export type MemoryBatchSettings = {
  /** Status reads a batch stays `running` for. */
  pollsInProgress: number
  /** While true, every batch stays running (a run "killed" between submit and completion). */
  held: boolean
  /** How a batch ends when not completed. */
  endAs?: Exclude<BatchState, 'running' | 'completed'>
  /** Entries (by the prompt their first user message holds) answered with an `error` outcome. */
  errorFor?: (entry: BatchEntry) => boolean
  limits: BatchApi['limits']
}

/** The in-memory batch API with what it was asked and what it billed. */
export type MemoryBatchApi = BatchApi & {
  readonly settings: MemoryBatchSettings
  /** Each submitted batch's entries, in submission order. */
  readonly submitted: BatchEntry[][]
  /** Entries answered (what the API would bill). */
  billed: number
  statusReads: number
}

/** An in-memory batch API answering each entry with the fake Chat Completions API playing `behaviour`. */
export function memoryBatchApi(behaviour: Behaviour, settings: Partial<MemoryBatchSettings> = {}): MemoryBatchApi {
  const handler = fakeApi(protocolFor('openai'), behaviour, openaiKey)
  const batches = new Map<string, { entries: BatchEntry[]; polls: number }>()
  let answered = 0
  const api: MemoryBatchApi = {
    settings: { pollsInProgress: 1, held: false, limits: { maxEntries: 50_000, maxBytes: 200_000_000 }, ...settings },
    submitted: [],
    billed: 0,
    statusReads: 0,
    get limits() {
      return api.settings.limits
    },
    async submit(entries) {
      const ids = new Set(entries.map((entry) => entry.customId))
      if (ids.size !== entries.length) throw new Error('duplicate custom_id in one batch')
      const id = `batch_${api.submitted.length + 1}`
      api.submitted.push([...entries])
      batches.set(id, { entries: [...entries], polls: 0 })
      return id
    },
    async status(id) {
      api.statusReads++
      const batch = batches.get(id)
      if (!batch) throw new Error(`no batch ${id}`)
      batch.polls++
      if (api.settings.held || batch.polls <= api.settings.pollsInProgress) return { state: 'running', counts: { done: 0, total: batch.entries.length } }
      if (api.settings.endAs) return { state: api.settings.endAs, message: `the batch ${api.settings.endAs}` }
      return { state: 'completed', counts: { done: batch.entries.length, total: batch.entries.length } }
    },
    async results(id) {
      const batch = batches.get(id)!
      return Promise.all(batch.entries.map(async (entry): Promise<BatchOutcome> => {
        if (api.settings.errorFor?.(entry)) return { customId: entry.customId, kind: 'error', message: 'the entry expired' }
        api.billed++
        const reply = await handler({ method: 'POST', path: entry.path, headers: { authorization: `Bearer ${openaiKey}` }, body: entry.body }, answered++)
        if (reply.type !== 'json') throw new Error('the fake answered with a stream')
        return { customId: entry.customId, kind: 'answer', status: reply.status, body: JSON.stringify(reply.body) }
      }))
    },
  }
  return api
}

/**
 * An `openai:` provider wired the way an adapter wires its batch API: `sdkSetup`, the SDK client over its fetch,
 * `sdkProvider` with `batchApi`. Nothing reaches a network: every generation request is diverted to `api`.
 */
export function batchedChatProvider(api: BatchApi, options: ProviderOptions = {}, model = 'gpt-4o-mini'): Provider {
  const spec = `openai:${model}`
  const all: ProviderOptions = { baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'TOOLGAUGE_TEST_BATCH_KEY', batch: true, batchPollMs: 1, ...options }
  process.env.TOOLGAUGE_TEST_BATCH_KEY = openaiKey
  const { credentials, http } = sdkSetup(model, spec, all, { expected: 'openai:<model>', protocol: 'chat', credentials: { ...credentialDefaults.openai, apiKeyEnvs: ['TOOLGAUGE_TEST_BATCH_KEY'] } })
  const client = openAiClient(credentials, { fetch: http.fetch, hostedOpenAi: true })
  return sdkProvider(spec, all, { http, secrets: credentials.secrets, batchApi: () => api }, {
    build: (request) => buildChatRequest(request, { model, maxTokensField: 'max_completion_tokens' }),
    send: (body, requestOptions) => client.chat.completions.create(body as ChatCompletionCreateParamsNonStreaming, requestOptions),
    read: fromChatCompletion,
  })
}
