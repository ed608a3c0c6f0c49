import type { Conversation, NeutralResult } from './behaviour.ts'
import { check, checkPromptCacheKey, isObject, openaiRefusal, type Protocol } from './api.ts'
import { openaiBilling, PrefixStore } from './prompt-cache.ts'
import { block, type PromptBlock } from './prompt-tokens.ts'
import { chatReasoningStyle, IssuedTokens } from './reasoning-tokens.ts'
import { chatEvents } from './streams/chat-events.ts'

/** Quirks of OpenAI-compatible servers the adapter must tolerate. */
export type ChatQuirks = {
  /** Arguments as a JSON object instead of a string (Ollama). */
  readonly objectArguments?: boolean
  /** No call ids at all (some llama.cpp builds). */
  readonly missingIds?: boolean
  /** Ids numbered per response (`call_0` on every turn), so a later turn repeats an earlier turn's id. */
  readonly repeatedIds?: boolean
  /** `finish_reason: 'stop'` on turns that call tools, `'tool_calls'` on turns that don't. */
  readonly wrongFinishReason?: boolean
  /** No `arguments` field at all on a call without arguments (OpenRouter routing to Claude). */
  readonly omitEmptyArguments?: boolean
}

/** Which host's rules a Chat Completions stand-in keeps. */
export type ChatHost = 'openai' | 'compatible' | 'mistral'

/**
 * Chat Completions, checked like api.openai.com checks it; `host: 'compatible'` leaves out what only OpenAI's own
 * host refuses (compatible servers issue and take back longer call ids: vLLM's are 46 characters); `'mistral'` is
 * api.mistral.ai: no OpenAI id limit, but Mistral's own rule on every call id (checkMistralCallId), its ids and errors.
 */
export function chatProtocol(quirks: ChatQuirks = {}, host: ChatHost = 'openai'): Protocol {
  const issued = new IssuedTokens()
  // The prefixes this server has cached, per prompt_cache_key (prompt-cache.ts): OpenAI caches without being asked.
  const cache = new PrefixStore()
  return {
    name: 'chat',
    refusal: host === 'mistral' ? mistralRefusal : openaiRefusal,
    parse(request, apiKey) {
      check(request.method === 'POST' && request.path === '/v1/chat/completions', `unexpected ${request.method} ${request.path}`)
      // A keyless server ('' key) must receive no Authorization header at all: no key may leak to it.
      if (apiKey === '') check(request.headers.authorization === undefined, 'this server takes no key, yet one was sent')
      else check(request.headers.authorization === `Bearer ${apiKey}`, 'Incorrect API key provided')
      const body = request.body
      check(isObject(body), 'body must be a JSON object')
      check(typeof body.model === 'string' && body.model !== '', 'model is required')
      checkPromptCacheKey(body)
      const tools = (body.tools ?? []) as unknown[]
      check(Array.isArray(tools), 'tools must be an array')
      const toolNames = tools.map((tool, index) => {
        check(isObject(tool) && tool.type === 'function' && isObject(tool.function), `tools[${index}] must be {type:'function', function:{…}}`)
        check(typeof tool.function.name === 'string' && isObject(tool.function.parameters), `tools[${index}].function needs name and parameters`)
        checkFunctionName(tool.function.name, `tools[${index}].function.name`)
        if (tool.function.strict === true) checkStrictSchema(tool.function.name, tool.function.parameters)
        return tool.function.name
      })
      const choice = body.tool_choice
      check(choice === undefined || tools.length > 0, "'tool_choice' is only allowed when 'tools' are specified")
      check(body.parallel_tool_calls === undefined || tools.length > 0, "'parallel_tool_calls' is only allowed when 'tools' are specified")
      check(body.parallel_tool_calls === undefined || typeof body.parallel_tool_calls === 'boolean', 'parallel_tool_calls must be a boolean')
      let toolChoice: Conversation['toolChoice']
      if (choice === 'auto' || choice === 'none' || choice === 'required' || choice === undefined) toolChoice = choice
      else {
        check(isObject(choice) && choice.type === 'function' && isObject(choice.function) && typeof choice.function.name === 'string', 'invalid tool_choice')
        check(toolNames.includes(choice.function.name), `tool_choice names unknown function ${String(choice.function.name)}`)
        toolChoice = { name: choice.function.name }
      }
      const messages = body.messages
      check(Array.isArray(messages) && messages.length > 0, 'messages must be a non-empty array')
      let outstanding: string[] = []
      let results: NeutralResult[] = []
      let assistantTurns = 0
      let prompt: string | undefined
      let system: string | undefined
      let latestPrompt: string | undefined
      let callsSinceLatestPrompt = 0
      const names = new Map<string, string>()
      const style = chatReasoningStyle(body.model)
      messages.forEach((message: unknown, index: number) => {
        check(isObject(message), `messages[${index}] must be an object`)
        if (message.role === 'tool') {
          if (host === 'mistral') checkMistralCallId(message.tool_call_id)
          check(typeof message.tool_call_id === 'string' && outstanding.includes(message.tool_call_id),
            `messages[${index}]: tool message answers no pending tool_call id (${String(message.tool_call_id)})`)
          outstanding = outstanding.filter((id) => id !== message.tool_call_id)
          check(typeof message.content === 'string', `messages[${index}].content must be a string`)
          results.push({ callId: message.tool_call_id, name: names.get(message.tool_call_id) ?? '', content: message.content, isError: false })
          return
        }
        check(outstanding.length === 0, `messages[${index}]: tool_call_ids did not have response messages: ${outstanding.join(', ')}`)
        if (message.role === 'system') system = String(message.content)
        else if (message.role === 'user') {
          prompt ??= String(message.content)
          latestPrompt = String(message.content)
          callsSinceLatestPrompt = 0
          results = []
        } else if (message.role === 'assistant') {
          assistantTurns++
          results = []
          const calls = (message.tool_calls ?? []) as unknown[]
          // DeepSeek's thinking mode: a tool-calling assistant turn must carry its reasoning_content back.
          if (style === 'deepseek' && calls.length > 0) {
            check(message.reasoning_content !== undefined, `Missing \`reasoning_content\` field in the assistant message at message index ${index}`)
            check(issued.has(message.reasoning_content), `messages[${index}].reasoning_content was modified`)
          }
          if (style === 'openrouter' && message.reasoning_details !== undefined) {
            const details = message.reasoning_details as { data?: unknown }[]
            check(Array.isArray(details) && details.every((detail) => issued.has(detail.data)), `messages[${index}].reasoning_details were modified`)
          }
          for (const call of calls) {
            check(isObject(call) && typeof call.id === 'string' && call.type === 'function' && isObject(call.function), `messages[${index}].tool_calls: malformed call`)
            check(typeof call.function.arguments === 'string', `messages[${index}].tool_calls: arguments must be a string`)
            // OpenAI's limit on a call id sent back (openai/openai-node users hit it with other providers' ids, e.g. langgenius/dify#28987).
            if (host === 'mistral') checkMistralCallId(call.id)
            if (host === 'openai') {
              check(call.id.length <= 40, `Invalid 'messages[${index}].tool_calls[${calls.indexOf(call)}].id': string too long. Expected a string with maximum length 40, but got a string with length ${call.id.length} instead.`)
            }
            // Gemini's OpenAI-compatible endpoint: every function call goes back with its thought signature.
            if (style === 'gemini') {
              const signature = (call.extra_content as { google?: { thought_signature?: unknown } } | undefined)?.google?.thought_signature
              check(issued.has(signature), `messages[${index}]: Function call is missing a thought_signature in functionCall parts`)
            }
            outstanding.push(call.id)
            names.set(call.id, String(call.function.name))
            callsSinceLatestPrompt++
          }
          check(message.content !== undefined || calls.length > 0, `messages[${index}]: assistant message needs content or tool_calls`)
        } else check(false, `messages[${index}]: unknown role ${String(message.role)}`)
      })
      check(outstanding.length === 0, `tool_call_ids did not have response messages: ${outstanding.join(', ')}`)
      check(prompt !== undefined, 'no user message')
      return {
        model: body.model,
        ...(system !== undefined ? { system } : {}),
        prompt,
        toolNames,
        toolChoice,
        parallel: body.parallel_tool_calls as boolean | undefined,
        results,
        assistantTurns,
        tools: tools.map((tool) => {
          const fn = (tool as { function: { name: string; description?: string; parameters: Record<string, unknown> } }).function
          return { name: fn.name, description: fn.description ?? '', parameters: fn.parameters }
        }),
        ...(latestPrompt !== undefined ? { latestPrompt } : {}),
        callsSinceLatestPrompt,
        wire: {
          includeUsage: isObject(body.stream_options) && body.stream_options.include_usage === true,
          // The prompt for the cache: the tool definitions lead it, then the messages as sent.
          prompt: [...tools.map((tool) => block(tool)), ...messages.map((message: unknown) => block(message))],
          cacheKey: body.prompt_cache_key,
        },
      }
    },
    streaming(request) {
      const body = request.body as Record<string, unknown>
      check(body.stream === undefined || typeof body.stream === 'boolean', 'stream must be a boolean')
      check(body.stream_options === undefined || body.stream === true, "The 'stream_options' parameter is only allowed when 'stream' is enabled.")
      check(body.stream_options === undefined || isObject(body.stream_options), 'stream_options must be an object')
      return body.stream === true
    },
    events(answer, conversation) {
      return chatEvents(answer as Record<string, unknown>, { includeUsage: conversation.wire?.includeUsage === true })
    },
    render(turn, conversation, index) {
      const calls = turn.calls ?? []
      const hasCalls = calls.length > 0
      const style = chatReasoningStyle(conversation.model)
      const thought = `Thinking about ${conversation.prompt}`
      const billing = openaiBilling(cache, conversation.wire?.prompt as PromptBlock[], conversation.wire?.cacheKey as string | undefined)
      const finish = quirks.wrongFinishReason ? (hasCalls ? 'stop' : 'tool_calls') : hasCalls ? 'tool_calls' : 'stop'
      return {
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: conversation.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: turn.text ?? null,
              refusal: null,
              ...(style === 'deepseek' ? { reasoning_content: issued.issue('deepseek-thought', index) } : {}),
              ...(style === 'gpt-oss' ? { reasoning: thought } : {}),
              ...(style === 'openrouter'
                ? { reasoning: thought, reasoning_details: [{ type: 'reasoning.encrypted', data: issued.issue('openrouter-detail', index), format: 'anthropic-claude-v1', index: 0 }] }
                : {}),
              ...(hasCalls
                ? {
                    tool_calls: calls.map((call, position) => ({
                      ...(quirks.missingIds ? {} : { id: host === 'mistral' ? mistralIssuedId(index, position) : quirks.repeatedIds ? `call_${position}` : `call_${index}_${position}` }),
                      type: 'function',
                      function: {
                        name: call.name,
                        ...(quirks.omitEmptyArguments && Object.keys(call.args).length === 0
                          ? {}
                          : { arguments: quirks.objectArguments ? call.args : JSON.stringify(call.args) }),
                      },
                      ...(style === 'gemini' ? { extra_content: { google: { thought_signature: issued.issue('gemini-signature', index) } } } : {}),
                    })),
                  }
                : {}),
            },
            finish_reason: finish,
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: billing.prompt, completion_tokens: 10, total_tokens: billing.prompt + 10, prompt_tokens_details: { cached_tokens: billing.read }, completion_tokens_details: { reasoning_tokens: style ? 6 : 0 } },
      }
    },
  }
}

/**
 * OpenAI's rule for a function name (Chat Completions and Responses): `^[a-zA-Z0-9_-]+$`, at most 64 characters
 * (https://platform.openai.com/docs/api-reference/chat/create: "Must be a-z, A-Z, 0-9, or contain underscores and
 * dashes, with a maximum length of 64"), refused as `Invalid 'tools[0].function.name': string does not match pattern`.
 */
export function checkFunctionName(name: string, where: string): void {
  check(/^[a-zA-Z0-9_-]+$/.test(name), `Invalid '${where}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`)
  check(name.length <= 64, `Invalid '${where}': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`)
}

/**
 * Strict mode's schema rules (https://platform.openai.com/docs/guides/function-calling, "Strict mode"): every object
 * says `additionalProperties: false` and lists all its properties in `required` — at every level reached through
 * `properties` and `items` (the stand-in reads no further: $defs and combinators are left alone).
 */
export function checkStrictSchema(name: string, schema: unknown, context: readonly string[] = []): void {
  if (!isObject(schema)) return
  const where = `Invalid schema for function '${name}': In context=(${context.map((part) => `'${part}'`).join(', ')})`
  if (schema.type === 'object' || isObject(schema.properties)) {
    check(schema.additionalProperties === false, `${where}, 'additionalProperties' is required to be supplied and to be false.`)
    const keys = Object.keys(isObject(schema.properties) ? schema.properties : {})
    const required = Array.isArray(schema.required) ? schema.required : []
    const missing = keys.filter((key) => !required.includes(key))
    check(missing.length === 0, `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`)
    for (const key of keys) checkStrictSchema(name, (schema.properties as Record<string, unknown>)[key], [...context, 'properties', key])
  }
  if (schema.items !== undefined) checkStrictSchema(name, schema.items, [...context, 'items'])
}

/**
 * Mistral's rule for a call id sent back, on `tool_calls[].id` and on a tool message's `tool_call_id` alike:
 * `^[a-zA-Z0-9]{9}$` (mistral-common, src/mistral_common/protocol/instruct/validator.py, MistralRequestValidatorV3
 * `_validate_tool_call` and `_validate_tool_message`), with its message word for word.
 */
export function checkMistralCallId(id: unknown): void {
  check(typeof id === 'string' && /^[a-zA-Z0-9]{9}$/.test(id), `Tool call id was ${String(id)} but must be a-z, A-Z, 0-9, with a length of 9.`)
}

/** The ids api.mistral.ai issues: 9 alphanumerics (as its answers carry, e.g. `9HxEI5Kcl`). */
function mistralIssuedId(tag: number | string, position: number): string {
  return `c${String(tag).replace(/[^a-zA-Z0-9]/g, '').padStart(6, '0').slice(-6)}${String(position).padStart(2, '0')}`
}

/**
 * Mistral's error body, as api.mistral.ai answers a refused id with a 400 (quoted in nearai/ironclaw#1241):
 * `{"object":"error","message":…,"type":"invalid_function_call","param":null,"code":"3280"}`.
 */
export function mistralRefusal(message: string): unknown {
  return { object: 'error', message, type: 'invalid_function_call', param: null, code: '3280' }
}
