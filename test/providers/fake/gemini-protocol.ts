import type { Conversation, NeutralResult } from './behaviour.ts'
import { check, isObject, type Protocol } from './api.ts'
import { geminiBilling, PrefixStore } from './prompt-cache.ts'
import { block, type PromptBlock } from './prompt-tokens.ts'
import { IssuedTokens } from './reasoning-tokens.ts'
import { geminiEvents } from './streams/gemini-events.ts'

/** Gemini 3 models reject function-calling turns whose thought signatures were dropped; 2.5 models sign but do not check. */
function checksSignatures(model: string): boolean {
  return model.startsWith('gemini-3')
}

/**
 * generateContent, checked like generativelanguage.googleapis.com checks it: roles alternate, the function response
 * parts of a user turn answer exactly the function call parts of the model turn before it (by name, and id when the
 * call had one), and for Gemini-3-style models every function-calling model turn carries its thought signature back.
 */
export function geminiProtocol(): Protocol {
  const issued = new IssuedTokens()
  // The prefixes this server has cached implicitly, per model (prompt-cache.ts).
  const cache = new PrefixStore()
  return {
    name: 'gemini',
    // https://ai.google.dev/gemini-api/docs/troubleshooting: a google.rpc.Status, `{error: {code, message, status}}`.
    refusal: (message) => ({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }),
    parse(request, apiKey) {
      const match = /^\/v1beta\/models\/([^/:]+):(?:generateContent|streamGenerateContent\?alt=sse)$/.exec(request.path)
      check(request.method === 'POST' && match, `unexpected ${request.method} ${request.path}`)
      check(request.headers['x-goog-api-key'] === apiKey, 'API key not valid. Please pass a valid API key.')
      const model = decodeURIComponent(match[1]!)
      const body = request.body
      check(isObject(body), 'body must be a JSON object')
      const declarations = ((body.tools ?? []) as unknown[]).flatMap((tool, index) => {
        check(isObject(tool) && Array.isArray(tool.functionDeclarations), `tools[${index}]: functionDeclarations expected`)
        return tool.functionDeclarations as unknown[]
      })
      const toolNames = declarations.map((declaration, index) => {
        check(isObject(declaration) && typeof declaration.name === 'string', `functionDeclarations[${index}].name is required`)
        // generativelanguage v1beta FunctionDeclaration.name: a-z, A-Z, 0-9, underscores, colons, dots and dashes, at most
        // 64, starting with a letter or an underscore (the refusal google-gemini/gemini-cli#2966 quotes).
        check(/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(declaration.name),
          `GenerateContentRequest.tools[0].function_declarations[${index}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.`)
        check(isObject(declaration.parametersJsonSchema) && declaration.parameters === undefined, `functionDeclarations[${index}]: parametersJsonSchema expected`)
        return declaration.name
      })
      const config = isObject(body.toolConfig) && isObject(body.toolConfig.functionCallingConfig) ? body.toolConfig.functionCallingConfig : undefined
      check(config === undefined || toolNames.length > 0, 'toolConfig requires tools')
      let toolChoice: Conversation['toolChoice']
      if (config) {
        const allowed = config.allowedFunctionNames as string[] | undefined
        check(allowed === undefined || config.mode === 'ANY', 'allowedFunctionNames is only allowed with mode ANY')
        if (config.mode === 'AUTO') toolChoice = 'auto'
        else if (config.mode === 'NONE') toolChoice = 'none'
        else if (config.mode === 'ANY' && allowed?.length === 1) {
          check(toolNames.includes(allowed[0]!), `allowedFunctionNames names unknown function ${allowed[0]}`)
          toolChoice = { name: allowed[0]! }
        } else {
          check(config.mode === 'ANY' && allowed === undefined, `invalid functionCallingConfig.mode ${String(config.mode)}`)
          toolChoice = 'required'
        }
      }
      const generation = isObject(body.generationConfig) ? body.generationConfig : {}
      const thinking = isObject(generation.thinkingConfig) ? generation.thinkingConfig : undefined
      const contents = body.contents
      check(Array.isArray(contents) && contents.length > 0, 'contents is not specified')
      let pending: { name: string; id?: string }[] = []
      let results: NeutralResult[] = []
      let assistantTurns = 0
      let prompt: string | undefined
      let latestPrompt: string | undefined
      let callsSinceLatestPrompt = 0
      contents.forEach((content: unknown, index: number) => {
        check(isObject(content) && Array.isArray(content.parts) && content.parts.length > 0, `contents[${index}]: parts must not be empty`)
        check(content.role === (index % 2 === 0 ? 'user' : 'model'), `contents[${index}]: roles must alternate user/model starting with user`)
        const parts = content.parts as Record<string, unknown>[]
        if (content.role === 'model') {
          assistantTurns++
          const calls = parts.filter((part) => part.functionCall !== undefined)
          pending = calls.map((part) => {
            const call = part.functionCall as { name?: unknown; id?: unknown; args?: unknown }
            check(typeof call.name === 'string' && isObject(call.args ?? {}), `contents[${index}]: malformed functionCall`)
            return { name: call.name, ...(typeof call.id === 'string' ? { id: call.id } : {}) }
          })
          callsSinceLatestPrompt += calls.length
          for (const part of parts) {
            if (part.thoughtSignature !== undefined) check(issued.has(part.thoughtSignature), `contents[${index}]: Thought signature is not valid`)
            if (part.thought === true) check(issued.has(part.text), `contents[${index}]: thought part was modified`)
          }
          if (checksSignatures(model) && calls.length > 0) {
            check(typeof calls[0]!.thoughtSignature === 'string', `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly (contents[${index}].parts)`)
          }
          return
        }
        const responses = parts.filter((part) => part.functionResponse !== undefined)
        check(
          responses.length === pending.length,
          `Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn (contents[${index}]).`,
        )
        results = []
        for (const part of responses) {
          const response = part.functionResponse as { name?: unknown; id?: unknown; response?: unknown }
          const answered = pending.findIndex((call) => call.name === response.name && (call.id === undefined || call.id === response.id))
          check(answered !== -1, `contents[${index}]: function response ${String(response.name)} answers no function call of the previous turn`)
          check(isObject(response.response), `contents[${index}]: functionResponse.response must be an object`)
          const call = pending.splice(answered, 1)[0]!
          const value = response.response.error ?? response.response.output ?? response.response
          results.push({ callId: call.id ?? call.name, name: call.name, content: typeof value === 'string' ? value : JSON.stringify(value), isError: response.response.error !== undefined })
        }
        const text = parts.find((part) => typeof part.text === 'string')
        if (text) {
          prompt ??= String(text.text)
          latestPrompt = String(text.text)
          callsSinceLatestPrompt = 0
        }
      })
      check(pending.length === 0, 'the last function call turn has no function responses')
      check(prompt !== undefined, 'no user text')
      const system = isObject(body.systemInstruction) ? (body.systemInstruction.parts as { text?: string }[] | undefined)?.[0]?.text : undefined
      return {
        model,
        ...(system !== undefined ? { system } : {}),
        prompt,
        toolNames,
        toolChoice,
        parallel: undefined,
        results,
        assistantTurns,
        tools: declarations.map((declaration) => {
          const fn = declaration as { name: string; description?: string; parametersJsonSchema: Record<string, unknown> }
          return { name: fn.name, description: fn.description ?? '', parameters: fn.parametersJsonSchema }
        }),
        ...(latestPrompt !== undefined ? { latestPrompt } : {}),
        callsSinceLatestPrompt,
        wire: {
          thinking: thinking !== undefined || model.startsWith('gemini-3') || model.startsWith('gemini-2.5'),
          thoughts: thinking?.includeThoughts === true,
          ids: model.startsWith('gemini-3'),
          // The prompt for the implicit cache: tool declarations, the system instruction, then the contents.
          prompt: [...declarations.map((declaration) => block(declaration)), ...(body.systemInstruction !== undefined ? [block(body.systemInstruction)] : []), ...contents.map((content: unknown) => block(content))],
        },
      }
    },
    streaming(request) {
      // Without alt=sse the API streams one JSON array, which the SDK does not read: toolgauge must ask for SSE.
      check(!request.path.includes(':streamGenerateContent') || request.path.endsWith('?alt=sse'), 'streamGenerateContent without alt=sse')
      return request.path.includes(':streamGenerateContent')
    },
    events(answer) {
      return geminiEvents(answer as Record<string, unknown>)
    },
    render(turn, conversation, index) {
      const calls = turn.calls ?? []
      const wire = conversation.wire ?? {}
      const parts = [
        ...(wire.thoughts === true ? [{ text: issued.issue(`Thinking about ${conversation.prompt}`, index), thought: true }] : []),
        ...(turn.text !== undefined ? [{ text: turn.text, ...(wire.thinking === true && calls.length === 0 ? { thoughtSignature: issued.issue('sig', index) } : {}) }] : []),
        // Parallel calls: the signature rides on the first functionCall part only, as Gemini returns them.
        ...calls.map((call, position) => ({
          functionCall: { ...(wire.ids === true ? { id: `fc-${index}-${position}` } : {}), name: call.name, args: call.args },
          ...(wire.thinking === true && position === 0 ? { thoughtSignature: issued.issue('sig', index) } : {}),
        })),
      ]
      const billing = geminiBilling(cache, wire.prompt as PromptBlock[], conversation.model)
      const thoughts = wire.thinking === true ? 32 : 0
      return {
        candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
        usageMetadata: {
          promptTokenCount: billing.prompt,
          candidatesTokenCount: 10,
          // The API leaves the field out when nothing was read from a cache.
          ...(billing.read > 0 ? { cachedContentTokenCount: billing.read } : {}),
          ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
          totalTokenCount: billing.prompt + 10 + thoughts,
        },
        modelVersion: conversation.model,
        responseId: `resp-${index}`,
      }
    },
  }
}
