import type { Conversation, NeutralResult } from './behaviour.ts'
import { check, isObject, type Protocol } from './api.ts'
import { anthropicBilling, anthropicMinimum, PrefixStore } from './prompt-cache.ts'
import { block, textTokens, type PromptBlock } from './prompt-tokens.ts'
import { anthropicToolsTokens, anthropicToolText, claudeScale } from '../../../src/tokens/anthropic-estimate.ts'
import type { ToolDefinition } from '../../../src/core/tool.ts'
import { IssuedTokens } from './reasoning-tokens.ts'
import { anthropicEvents } from './streams/anthropic-events.ts'

/** The Messages API, checked like api.anthropic.com checks it. */
export function anthropicProtocol(): Protocol {
  const issued = new IssuedTokens()
  // The prefixes this server has cached (prompt-cache.ts): a later request with the same prefix reads them.
  const cache = new PrefixStore()
  return {
    name: 'anthropic',
    // https://docs.anthropic.com/en/api/errors: `{type: 'error', error: {type, message}}`.
    refusal: (message) => ({ type: 'error', error: { type: 'invalid_request_error', message } }),
    parse(request, apiKey) {
      check(request.method === 'POST' && request.path === '/v1/messages', `unexpected ${request.method} ${request.path}`)
      // SDK 1.x sends the key as a bearer token; older clients use x-api-key. The API takes either.
      check(request.headers['x-api-key'] === apiKey || request.headers.authorization === `Bearer ${apiKey}`, 'invalid x-api-key')
      check(typeof request.headers['anthropic-version'] === 'string', 'anthropic-version header is required')
      const body = request.body
      check(isObject(body), 'body must be a JSON object')
      check(typeof body.model === 'string' && body.model !== '', 'model: Field required')
      check(Number.isInteger(body.max_tokens) && (body.max_tokens as number) > 0, 'max_tokens: Field required')
      const system = anthropicSystem(body.system)
      const markers: unknown[] = []
      const tools = (body.tools ?? []) as unknown[]
      const toolNames = tools.map((tool, index) => {
        check(isObject(tool) && typeof tool.name === 'string' && tool.type === undefined && tool.function === undefined, `tools.${index}: {name, description, input_schema} expected`)
        // https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools: "Must match the regex ^[a-zA-Z0-9_-]{1,128}$".
        check(/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name), `tools.${index}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`)
        check(isObject(tool.input_schema) && tool.input_schema.type === 'object', `tools.${index}.input_schema: type object required`)
        if (tool.cache_control !== undefined) markers.push(checkCacheControl(tool.cache_control, `tools.${index}.cache_control`))
        return tool.name
      })
      const thinking = body.thinking
      check(thinking === undefined || (isObject(thinking) && ['enabled', 'disabled', 'adaptive'].includes(String(thinking.type))), 'thinking.type: Input should be enabled, disabled or adaptive')
      const thinkingOn = isObject(thinking) && thinking.type !== 'disabled'
      if (isObject(thinking) && thinking.type === 'enabled') {
        check(Number.isInteger(thinking.budget_tokens) && (thinking.budget_tokens as number) >= 1024, 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024')
        check((thinking.budget_tokens as number) < (body.max_tokens as number), '`max_tokens` must be greater than `thinking.budget_tokens`')
      }
      const choice = body.tool_choice
      check(!thinkingOn || !isObject(choice) || choice.type === 'auto' || choice.type === 'none', 'Thinking may not be enabled when tool_choice forces tool use.')
      check(body.disable_parallel_tool_use === undefined, 'disable_parallel_tool_use belongs inside tool_choice')
      check(choice === undefined || tools.length > 0, 'tool_choice may only be specified while providing tools')
      let toolChoice: Conversation['toolChoice']
      let parallel: boolean | undefined
      if (choice !== undefined) {
        check(isObject(choice), 'tool_choice must be an object')
        if (choice.type === 'none') check(choice.disable_parallel_tool_use === undefined, 'tool_choice.none: Extra inputs are not permitted')
        if (choice.disable_parallel_tool_use !== undefined) parallel = !choice.disable_parallel_tool_use
        if (choice.type === 'auto') toolChoice = 'auto'
        else if (choice.type === 'none') toolChoice = 'none'
        else if (choice.type === 'any') toolChoice = 'required'
        else {
          check(choice.type === 'tool' && typeof choice.name === 'string' && toolNames.includes(choice.name), 'invalid tool_choice')
          toolChoice = { name: choice.name }
        }
      }
      const messages = body.messages
      check(Array.isArray(messages) && messages.length > 0, 'messages: at least one message is required')
      let pending: string[] = []
      const names = new Map<string, string>()
      let results: NeutralResult[] = []
      let assistantTurns = 0
      let prompt: string | undefined
      let latestPrompt: string | undefined
      let callsSinceLatestPrompt = 0
      messages.forEach((message: unknown, index: number) => {
        check(isObject(message), `messages.${index}: object expected`)
        const expected = index % 2 === 0 ? 'user' : 'assistant'
        check(message.role === expected, `messages.${index}: roles must alternate between "user" and "assistant", starting with "user"`)
        const blocks: Record<string, unknown>[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Record<string, unknown>[])
        check(Array.isArray(blocks) && blocks.length > 0, `messages.${index}: content must be non-empty`)
        blocks.forEach((block, position) => {
          if (block.cache_control !== undefined) markers.push(checkCacheControl(block.cache_control, `messages.${index}.content.${position}.cache_control`))
        })
        if (message.role === 'assistant') {
          assistantTurns++
          // With thinking on, an assistant turn that used tools goes back with its thinking blocks first, unmodified.
          if (thinkingOn && blocks.some((block) => block.type === 'tool_use')) {
            check(blocks[0]!.type === 'thinking' || blocks[0]!.type === 'redacted_thinking', `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(blocks[0]!.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`)
          }
          blocks.forEach((block, position) => {
            if (block.type === 'text') checkText(block, index)
            else if (block.type === 'thinking') check(issued.has(block.signature) && issued.has(block.thinking), `messages.${index}: Invalid \`signature\` in \`thinking\` block`)
            else if (block.type === 'redacted_thinking') check(issued.has(block.data), `messages.${index}: Invalid \`data\` in \`redacted_thinking\` block`)
            else {
              check(block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string' && isObject(block.input), `messages.${index}: malformed tool_use`)
              // The API's refusal of an id another provider (or a hand-written history) made: `functions.get_weather:0`, `call 1`.
              check(/^[a-zA-Z0-9_-]+$/.test(block.id), `messages.${index}.content.${position}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`)
              pending.push(block.id)
              names.set(block.id, block.name)
              callsSinceLatestPrompt++
            }
          })
          return
        }
        // A user turn: every tool_use of the previous assistant turn must be answered here, results first.
        results = []
        const leading = blocks.findIndex((block) => block.type !== 'tool_result')
        const resultBlocks = leading === -1 ? blocks : blocks.slice(0, leading)
        check(blocks.slice(resultBlocks.length).every((block) => block.type !== 'tool_result'), `messages.${index}: tool_result blocks must come first in the user message`)
        for (const block of resultBlocks) {
          check(typeof block.tool_use_id === 'string' && pending.includes(block.tool_use_id), `messages.${index}: unexpected tool_use_id found in tool_result blocks: ${String(block.tool_use_id)}`)
          check(typeof block.content === 'string', `messages.${index}: tool_result content must be a string here`)
          pending = pending.filter((id) => id !== block.tool_use_id)
          results.push({ callId: block.tool_use_id, name: names.get(block.tool_use_id)!, content: block.content, isError: block.is_error === true })
        }
        check(pending.length === 0, `messages.${index}: tool_use ids were found without tool_result blocks immediately after: ${pending.join(', ')}`)
        for (const block of blocks) if (block.type === 'text') checkText(block, index)
        const text = blocks.find((block) => block.type === 'text')
        if (text) {
          prompt ??= String(text.text)
          // A user turn with text is a new message (after the results of the calls made for the one before).
          latestPrompt = String(text.text)
          callsSinceLatestPrompt = 0
        }
      })
      check(pending.length === 0, 'the last assistant tool_use blocks have no tool_result')
      markers.push(...system.markers)
      check(markers.length <= 4, `A maximum of 4 blocks with cache_control may be provided. Found ${markers.length}.`)
      check(prompt !== undefined, 'no user text')
      return {
        model: body.model,
        ...(system.text !== undefined ? { system: system.text } : {}),
        prompt,
        toolNames,
        toolChoice,
        parallel,
        results,
        assistantTurns,
        tools: tools.map((tool) => {
          const definition = tool as { name: string; description?: string; input_schema: Record<string, unknown> }
          return { name: definition.name, description: definition.description ?? '', parameters: definition.input_schema }
        }),
        ...(latestPrompt !== undefined ? { latestPrompt } : {}),
        callsSinceLatestPrompt,
        // The prompt as the API renders it for its cache: tools, then system, then the messages, block by block.
        wire: { thinking: thinkingOn, prompt: promptBlocks(body.model, tools, toolChoice, body.system, messages) },
      }
    },
    streaming(request) {
      const stream = (request.body as Record<string, unknown>).stream
      check(stream === undefined || typeof stream === 'boolean', 'stream: Input should be a valid boolean')
      return stream === true
    },
    events(answer) {
      return anthropicEvents(answer as Record<string, unknown>)
    },
    render(turn, conversation, index) {
      const calls = turn.calls ?? []
      return {
        id: `msg_${index}`,
        type: 'message',
        role: 'assistant',
        model: conversation.model,
        content: [
          // Thinking first, a redacted block between thought and action, as Claude 4 returns them.
          ...(conversation.wire?.thinking === true
            ? [
                { type: 'thinking', thinking: issued.issue(`I should look at: ${conversation.prompt}`, index), signature: issued.issue('sig', index) },
                { type: 'redacted_thinking', data: issued.issue('redacted', index) },
              ]
            : []),
          ...(turn.text !== undefined ? [{ type: 'text', text: turn.text }] : []),
          ...calls.map((call, position) => ({ type: 'tool_use', id: `toolu_${index}_${position}`, name: call.name, input: call.args })),
        ],
        stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: anthropicUsage(anthropicBilling(cache, conversation.wire?.prompt as PromptBlock[], anthropicMinimum(conversation.model))),
      }
    },
  }
}

/**
 * A text block of a message, user or assistant: refused when empty, and when only whitespace ("messages: text content
 * blocks must contain non-whitespace text", as api.anthropic.com answers it; anthropics/claude-code#23440).
 */
function checkText(block: Record<string, unknown>, index: number): void {
  check(typeof block.text === 'string' && block.text !== '', `messages.${index}: text content blocks must be non-empty`)
  check(block.text.trim() !== '', 'messages: text content blocks must contain non-whitespace text')
}

/** `system` as a string, or as text blocks (which may carry cache_control): the joined text and its markers. */
function anthropicSystem(system: unknown): { text?: string; markers: unknown[] } {
  if (system === undefined) return { markers: [] }
  if (typeof system === 'string') return { text: system, markers: [] }
  check(Array.isArray(system) && system.length > 0, 'system: Input should be a valid string or a list of text blocks')
  const markers: unknown[] = []
  const texts = system.map((block: unknown, index: number) => {
    check(isObject(block) && block.type === 'text' && typeof block.text === 'string' && block.text !== '', `system.${index}: text block expected`)
    if (block.cache_control !== undefined) markers.push(checkCacheControl(block.cache_control, `system.${index}.cache_control`))
    return block.text
  })
  return { text: texts.join('\n\n'), markers }
}

/** `cache_control` as the API takes it: `{ type: 'ephemeral' }`, with an optional ttl of 5m or 1h. */
function checkCacheControl(marker: unknown, where: string): unknown {
  check(isObject(marker) && marker.type === 'ephemeral', `${where}.type: Input should be 'ephemeral'`)
  check(marker.ttl === undefined || marker.ttl === '5m' || marker.ttl === '1h', `${where}.ttl: Input should be '5m' or '1h'`)
  check(Object.keys(marker).every((key) => key === 'type' || key === 'ttl'), `${where}: Extra inputs are not permitted`)
  return marker
}

/**
 * The prompt's blocks in render order, each a breakpoint when it carries `cache_control` (counted without it).
 * The tool definitions are counted with toolgauge's Claude estimate (src/tokens/anthropic-estimate.ts: the dated
 * tool-use system prompt Anthropic adds, plus the tools' rendered text), so the tools' prefix is as long as
 * toolgauge reports it; the rest is the JSON count of prompt-tokens.ts, scaled for Claude's tokenizer.
 */
function promptBlocks(model: string, tools: readonly unknown[], toolChoice: Conversation['toolChoice'], system: unknown, messages: readonly unknown[]): PromptBlock[] {
  const scale = claudeScale(model)
  const blocks: PromptBlock[] = []
  const definitions = tools.map((tool) => {
    const { name, description, input_schema: parameters } = tool as { name: string; description?: string; input_schema: Record<string, unknown> }
    return { name, ...(description !== undefined ? { description } : {}), parameters } as ToolDefinition
  })
  // Every tool's own text; the first carries the fixed overhead too, so all tools together are toolgauge's estimate.
  const own = definitions.map((definition) => Math.round(textTokens(anthropicToolText([definition])) * scale))
  const all = definitions.length > 0 ? anthropicToolsTokens(model, definitions, toolChoice, textTokens) : 0
  tools.forEach((tool, index) => {
    const tokens = index === 0 ? all - own.slice(1).reduce((sum, each) => sum + each, 0) : own[index]!
    blocks.push({ ...marked(tool, undefined, scale), tokens })
  })
  if (typeof system === 'string') blocks.push(scaled(block(system), scale))
  else if (Array.isArray(system)) for (const each of system) blocks.push(marked(each, undefined, scale))
  for (const message of messages as { role: string; content: unknown }[]) {
    if (typeof message.content === 'string') blocks.push(scaled(block([message.role, message.content]), scale))
    else for (const each of message.content as unknown[]) blocks.push(marked(each, message.role, scale))
  }
  return blocks
}

function marked(value: unknown, role: string | undefined, scale: number): PromptBlock {
  const { cache_control: marker, ...rest } = value as Record<string, unknown>
  return scaled(block(role === undefined ? rest : [role, rest], marker !== undefined), scale)
}

function scaled(counted: PromptBlock, scale: number): PromptBlock {
  return scale === 1 ? counted : { ...counted, tokens: Math.round(counted.tokens * scale) }
}

/** The Messages API's usage: `input_tokens` is only the uncached part; the cache figures come beside it. */
function anthropicUsage(billing: { prompt: number; read: number; written: number }): Record<string, number> {
  return { input_tokens: billing.prompt - billing.read - billing.written, cache_read_input_tokens: billing.read, cache_creation_input_tokens: billing.written, output_tokens: 10 }
}
