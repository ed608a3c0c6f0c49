import type { Conversation, NeutralResult } from './behaviour.ts'
import { check, checkPromptCacheKey, isObject, openaiRefusal, type Protocol } from './api.ts'
import { checkFunctionName, checkStrictSchema } from './chat-protocol.ts'
import { openaiBilling, PrefixStore } from './prompt-cache.ts'
import { block, type PromptBlock } from './prompt-tokens.ts'
import { IssuedTokens } from './reasoning-tokens.ts'
import { responsesEvents } from './streams/responses-events.ts'

/** o-series and gpt-5 models reason; the others refuse encrypted reasoning. */
function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model)
}

/**
 * The Responses API, checked like api.openai.com checks it: stateless (store false, full input, reasoning items sent
 * back with their encrypted content) or chained (store true, previous_response_id). For reasoning models the stand-in
 * is stricter than the API: a function_call without its reasoning item is refused even without an `fc_` id, since
 * the model would silently lose its reasoning.
 */
export function responsesProtocol(): Protocol {
  const issued = new IssuedTokens()
  const stored = new Map<string, unknown[]>()
  // The prefixes this server has cached, per prompt_cache_key (prompt-cache.ts): OpenAI caches without being asked.
  const cache = new PrefixStore()
  return {
    name: 'responses',
    refusal: openaiRefusal,
    parse(request, apiKey) {
      check(request.method === 'POST' && request.path === '/v1/responses', `unexpected ${request.method} ${request.path}`)
      check(request.headers.authorization === `Bearer ${apiKey}`, 'Incorrect API key provided')
      const body = request.body
      check(isObject(body), 'body must be a JSON object')
      check(typeof body.model === 'string' && body.model !== '', 'model is required')
      checkPromptCacheKey(body)
      check(typeof body.store === 'boolean', 'toolgauge must say store: true or false')
      const reasoningModel = isReasoningModel(body.model)
      const include = (body.include ?? []) as unknown[]
      const encrypted = include.includes('reasoning.encrypted_content')
      check(!encrypted || reasoningModel, 'Encrypted content is not supported with this model.')
      check(!reasoningModel || body.store === true || encrypted, 'stand-in rule: with store false a reasoning model needs include ["reasoning.encrypted_content"] to get its reasoning back')
      let history: unknown[] = []
      if (body.previous_response_id !== undefined) {
        check(body.store === true, 'previous_response_id needs stored responses')
        const previous = stored.get(String(body.previous_response_id))
        check(previous !== undefined, `Previous response with id '${String(body.previous_response_id)}' not found.`)
        history = previous
      }
      const tools = (body.tools ?? []) as unknown[]
      const toolNames = tools.map((tool, index) => {
        check(isObject(tool) && tool.type === 'function' && typeof tool.name === 'string', `tools[${index}] must be {type:'function', name, parameters}`)
        check(tool.function === undefined && isObject(tool.parameters), `tools[${index}]: flat form with parameters expected`)
        check(typeof tool.strict === 'boolean', `tools[${index}].strict should be explicit`)
        checkFunctionName(tool.name, `tools[${index}].name`)
        if (tool.strict === true) checkStrictSchema(tool.name, tool.parameters)
        return tool.name
      })
      const choice = body.tool_choice
      check(choice === undefined || tools.length > 0, 'tool_choice requires tools')
      let toolChoice: Conversation['toolChoice']
      if (choice === 'auto' || choice === 'none' || choice === 'required' || choice === undefined) toolChoice = choice
      else {
        check(isObject(choice) && choice.type === 'function' && typeof choice.name === 'string', 'invalid tool_choice')
        check(toolNames.includes(choice.name), `tool_choice names unknown function ${choice.name}`)
        toolChoice = { name: choice.name }
      }
      check(Array.isArray(body.input) && body.input.length > 0, 'input must be a non-empty array')
      const input = [...history, ...(body.input as unknown[])]
      let reasoningSeen = false
      const calls = new Map<string, string>()
      const answered = new Set<string>()
      let results: NeutralResult[] = []
      let assistantTurns = 0
      let previous: string | undefined
      let prompt: string | undefined
      let system: string | undefined
      let latestPrompt: string | undefined
      let callsSinceLatestPrompt = 0
      input.forEach((item: unknown, index: number) => {
        check(isObject(item), `input[${index}] must be an object`)
        if (item.type === 'reasoning') {
          check((item.id === undefined || typeof item.id === 'string') && Array.isArray(item.summary), `input[${index}]: malformed reasoning item`)
          // DeepSeek's Responses API (recorded): with store false, a reasoning item sent by its id is a reference to
          // nothing, refused even when it carries its encrypted content; the item itself must come without the id.
          check(body.store === true || item.id === undefined, `Item with id '${String(item.id)}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`)
          check(body.store === true || issued.has(item.encrypted_content), `input[${index}]: a reasoning item without its id must carry the encrypted_content it was issued with`)
          // A reasoning item goes back with the item it preceded in its response (a message or a function_call):
          // alone, it is "Item 'rs_…' of type 'reasoning' was provided without its required following item."
          // (openai/openai-node#1567, continuedev/continue#8933).
          const following = input[index + 1] as Record<string, unknown> | undefined
          check(following?.type === 'function_call' || following?.type === 'reasoning' || (following?.role === 'assistant' && (following.type === 'message' || following.type === undefined)),
            `Item '${String(item.id ?? `input[${index}]`)}' of type 'reasoning' was provided without its required following item.`)
          reasoningSeen = true
          return
        }
        if (item.type === 'function_call') {
          check(typeof item.call_id === 'string' && typeof item.name === 'string' && typeof item.arguments === 'string', `input[${index}]: malformed function_call`)
          // The Responses API's limit on call_id (AnswerDotAI/fastllm#45: "Invalid 'input[95].call_id': string too long").
          check(item.call_id.length <= 64, `Invalid 'input[${index}].call_id': string too long. Expected a string with maximum length 64, but got a string with length ${item.call_id.length} instead.`)
          check(!reasoningModel || reasoningSeen, `Item '${String(item.id ?? item.call_id)}' of type 'function_call' was provided without its required 'reasoning' item`)
          if (previous !== 'function_call' && previous !== 'assistant') {
            assistantTurns++
            results = []
          }
          calls.set(item.call_id, item.name)
          callsSinceLatestPrompt++
          previous = 'function_call'
        } else if (item.type === 'function_call_output') {
          check(typeof item.call_id === 'string' && calls.has(item.call_id), `input[${index}]: No tool call found for function call output with call_id ${String(item.call_id)}`)
          check(!answered.has(item.call_id), `input[${index}]: duplicate output for ${item.call_id}`)
          check(typeof item.output === 'string', `input[${index}].output must be a string`)
          answered.add(item.call_id)
          reasoningSeen = false
          results.push({ callId: item.call_id, name: calls.get(item.call_id)!, content: item.output, isError: false })
          previous = 'function_call_output'
        } else {
          check(item.type === 'message' || item.type === undefined, `input[${index}]: unexpected item type ${String(item.type)}`)
          if (item.role === 'assistant') {
            check(item.phase === undefined || item.phase === 'commentary' || item.phase === 'final_answer', `input[${index}].phase: invalid value`)
            assistantTurns++
            results = []
            previous = 'assistant'
          } else if (item.role === 'user') {
            prompt ??= String(item.content)
            latestPrompt = String(item.content)
            callsSinceLatestPrompt = 0
            results = []
            reasoningSeen = false
            previous = 'user'
          } else if (item.role === 'system' || item.role === 'developer') {
            system = String(item.content)
            previous = 'system'
          } else check(false, `input[${index}]: unknown role ${String(item.role)}`)
        }
      })
      const unanswered = [...calls.keys()].filter((id) => !answered.has(id))
      check(unanswered.length === 0, `No tool output found for function call ${unanswered.join(', ')}`)
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
          const flat = tool as { name: string; description?: string; parameters: Record<string, unknown> }
          return { name: flat.name, description: flat.description ?? '', parameters: flat.parameters }
        }),
        ...(latestPrompt !== undefined ? { latestPrompt } : {}),
        callsSinceLatestPrompt,
        wire: {
          reasoning: reasoningModel,
          encrypted,
          store: body.store,
          input,
          // The prompt for the cache: tools, instructions, then the whole input (a stored chain's items included).
          prompt: [...tools.map((tool) => block(tool)), ...(body.instructions !== undefined ? [block(body.instructions)] : []), ...input.map((item) => block(item))],
          cacheKey: body.prompt_cache_key,
        },
      }
    },
    streaming(request) {
      const stream = (request.body as Record<string, unknown>).stream
      check(stream === undefined || typeof stream === 'boolean', 'stream must be a boolean')
      return stream === true
    },
    events(answer) {
      return responsesEvents(answer as Record<string, unknown>)
    },
    render(turn, conversation, index) {
      const calls = turn.calls ?? []
      const wire = conversation.wire ?? {}
      const output = [
        ...(wire.reasoning === true
          ? [{ type: 'reasoning', id: `rs_${index}`, summary: [{ type: 'summary_text', text: `Planning: ${conversation.prompt}` }], ...(wire.encrypted === true ? { encrypted_content: issued.issue('enc', index) } : {}) }]
          : []),
        // Reasoning models say what they are about to do in a commentary message before the calls.
        ...(wire.reasoning === true && calls.length > 0
          ? [{ type: 'message', id: `msg_c${index}`, status: 'completed', role: 'assistant', phase: 'commentary', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] }]
          : []),
        ...(turn.text !== undefined
          ? [{ type: 'message', id: `msg_${index}`, status: 'completed', role: 'assistant', ...(wire.reasoning === true ? { phase: 'final_answer' } : {}), content: [{ type: 'output_text', text: turn.text, annotations: [] }] }]
          : []),
        ...calls.map((call, position) => ({
          type: 'function_call',
          id: `fc_${index}_${position}`,
          call_id: `call_${index}_${position}`,
          name: call.name,
          arguments: JSON.stringify(call.args),
          status: 'completed',
        })),
      ]
      const billing = openaiBilling(cache, wire.prompt as PromptBlock[], wire.cacheKey as string | undefined)
      if (wire.store === true) stored.set(`resp_${index}`, [...(wire.input as unknown[]), ...output])
      return {
        id: `resp_${index}`,
        object: 'response',
        created_at: 1_700_000_000,
        status: 'completed',
        model: conversation.model,
        incomplete_details: null,
        error: null,
        output,
        parallel_tool_calls: conversation.parallel ?? true,
        tool_choice: conversation.toolChoice ?? 'auto',
        tools: [],
        usage: { input_tokens: billing.prompt, input_tokens_details: { cached_tokens: billing.read }, output_tokens: 10, output_tokens_details: { reasoning_tokens: wire.reasoning === true ? 64 : 0 }, total_tokens: billing.prompt + 10 },
      }
    },
  }
}
