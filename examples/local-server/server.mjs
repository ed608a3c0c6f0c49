// A Chat Completions server on loopback that answers with toolgauge's offline baseline model: a stand-in for
// Ollama, vLLM or a hosted API, so the HTTP provider path — `openai-compatible:`, `--base-url`, `--api-key-env`,
// retries, `--record` / `--replay` — can be tried with no key and no network (README "Providers", "Try it offline").
//
//   node examples/local-server/server.mjs [port]      prints its /v1 URL; Ctrl-C stops it
//   LOCAL_SERVER_KEY=secret node examples/local-server/server.mjs 8765   answers 401 unless sent that key
//
// It speaks only POST /v1/chat/completions, without streaming, and reports no token usage.
import { createServer } from 'node:http'
import { baselineProvider } from 'toolgauge'

const baseline = baselineProvider()
const requiredKey = process.env.LOCAL_SERVER_KEY

/** A message's text: a string, or the text parts of a content list. */
function textOf(content) {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.filter((part) => part?.type === 'text').map((part) => part.text).join('')
  return ''
}

/** The Chat Completions messages in toolgauge's form (a tool answer names its tool, found by its call id). */
function messagesOf(wire) {
  const toolNames = new Map()
  return wire.map((message) => {
    if (message.role === 'assistant') {
      const toolCalls = (message.tool_calls ?? []).map((call) => ({ id: call.id, name: call.function.name, rawArguments: call.function.arguments ?? '' }))
      for (const call of toolCalls) toolNames.set(call.id, call.name)
      return { role: 'assistant', content: textOf(message.content), toolCalls }
    }
    if (message.role === 'tool') return { role: 'tool', toolCallId: message.tool_call_id, name: toolNames.get(message.tool_call_id) ?? '', content: textOf(message.content) }
    return { role: message.role === 'developer' ? 'system' : message.role, content: textOf(message.content) }
  })
}

/** The request's tool_choice in toolgauge's form: auto, none, required or { name }. */
function toolChoiceOf(choice) {
  if (choice === undefined || typeof choice === 'string') return choice ?? 'auto'
  return { name: choice.function.name }
}

/** One completion: the baseline's turn for the request, in the Chat Completions answer format. */
async function complete(body) {
  const turn = await baseline.doGenerate({
    messages: messagesOf(body.messages ?? []),
    tools: (body.tools ?? []).map((tool) => ({ name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters ?? { type: 'object' } })),
    toolChoice: toolChoiceOf(body.tool_choice),
    ...(body.parallel_tool_calls === false ? { parallelToolCalls: false } : {}),
    context: { suite: '', caseId: '', repeat: 0, turn: 0 },
  })
  const toolCalls = turn.toolCalls.map((call, index) => ({ id: `call_${Date.now()}_${index}`, type: 'function', function: { name: call.name, arguments: call.rawArguments } }))
  return {
    id: `chatcmpl-local-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{
      index: 0,
      message: { role: 'assistant', content: turn.text === '' ? null : turn.text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
      finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
    }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  }
}

/** Sends a JSON answer. */
function send(response, status, value) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(value))
}

const server = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => (body += chunk))
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      send(response, 404, { error: { message: `this server answers POST /v1/chat/completions only, not ${request.method} ${request.url}`, type: 'not_found' } })
      return
    }
    if (requiredKey !== undefined && request.headers.authorization !== `Bearer ${requiredKey}`) {
      send(response, 401, { error: { message: 'missing or wrong API key (this server was started with LOCAL_SERVER_KEY)', type: 'invalid_api_key' } })
      return
    }
    let parsed
    try {
      parsed = JSON.parse(body)
    } catch {
      send(response, 400, { error: { message: 'the request body is not JSON', type: 'invalid_request_error' } })
      return
    }
    complete(parsed).then((answer) => send(response, 200, answer), (error) => send(response, 500, { error: { message: String(error), type: 'server_error' } }))
  })
})

server.listen(Number(process.argv[2] ?? 8765), '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/v1\n`)
})
