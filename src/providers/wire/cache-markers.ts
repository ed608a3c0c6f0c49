import { createHash } from 'node:crypto'
import type { MessageCreateParamsNonStreaming, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages'
import type { GenerateRequest } from '../../core/provider.ts'

/** OpenAI refuses a `prompt_cache_key` longer than this ("string too long. Expected a string with maximum length 64"). */
const promptCacheKeyMaxLength = 64

/**
 * The `prompt_cache_key` of a request (OpenAI Chat Completions, Responses, compatible servers): stable per suite and
 * tool set, so every case of a suite that offers the same tools lands on the same cache shard. The suite name is
 * reduced to safe characters and cut so the key stays within the API's 64 characters; the tools' content hash
 * keeps two tool sets of one suite (or two suites cut to the same prefix) apart.
 */
export function promptCacheKey(request: Pick<GenerateRequest, 'tools' | 'context'>): string {
  const tools = createHash('sha256').update(JSON.stringify(request.tools)).digest('hex').slice(0, 16)
  const suite = request.context.suite.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, promptCacheKeyMaxLength - 'tg::'.length - tools.length)
  return `tg:${suite}:${tools}`
}

/** The marker Anthropic takes: the default five-minute cache (no beta header needed). */
const ephemeral = { type: 'ephemeral' } as const

/**
 * A Messages request with its tool definitions and system prompt marked cacheable: `cache_control` on the last
 * tool (the cached prefix is everything up to and including the marked block, tools first) and the system prompt
 * as one text block carrying a second marker — two of the four breakpoints the API allows. A prefix below the
 * model's minimum cacheable length is simply not cached (the API answers without cache tokens, no error).
 */
export function withAnthropicCacheMarkers(body: MessageCreateParamsNonStreaming): MessageCreateParamsNonStreaming {
  const tools = body.tools as Tool[] | undefined
  const system: TextBlockParam[] | undefined = typeof body.system === 'string' ? [{ type: 'text', text: body.system, cache_control: ephemeral }] : undefined
  const marked = {
    ...body,
    ...(tools && tools.length > 0 ? { tools: tools.map((tool, index) => (index === tools.length - 1 ? { ...tool, cache_control: ephemeral } : tool)) } : {}),
    ...(system ? { system } : {}),
  }
  return marked as MessageCreateParamsNonStreaming
}
