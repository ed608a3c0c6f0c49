import type { Message } from '../core/message.ts'
import { emptyUsage, type ModelTurn } from '../core/model-turn.ts'
import type { GenerateRequest, Provider } from '../core/provider.ts'
import { planCalls } from './baseline/plan.ts'
import type { ProviderFactory } from './registry.ts'
import { labelled } from './wrap-provider.ts'
import { checkSettings } from './settings/protocol-settings.ts'

/**
 * `baseline` — an offline, deterministic, non-LLM model. It picks tools by BM25 overlap between the prompt and
 * each tool's name, description and parameters, fills the arguments it can find in the prompt, answers without a
 * call when nothing clears the threshold, and after tool results answers with what the tools returned.
 * A floor for real models and a probe of how distinguishable the tool descriptions are.
 */
export const createProvider: ProviderFactory = async (_model, spec, options) => {
  checkSettings('offline', options.settings, spec)
  return labelled(baselineProvider(spec || 'baseline'), options.label)
}

/** The baseline as a Provider value. */
export function baselineProvider(id = 'baseline'): Provider {
  return { id, doGenerate: async (request) => baselineTurn(request) }
}

/** One baseline turn, a pure function of the request. */
export function baselineTurn(request: GenerateRequest): ModelTurn {
  // Each user message is answered on its own (in a conversation too): its words plan the calls, and only what
  // came after it — the calls made for it and their results — counts. The baseline has no memory of earlier messages.
  const since = request.messages.findLastIndex((message) => message.role === 'user') + 1
  const answering = request.messages.slice(since)
  const prompt = lastUserText(request.messages)
  // Later requests carry tool_choice auto: a forced first call is then already made, and the plan under auto
  // either contains it (more calls may follow with parallel calls off) or not (the baseline answers).
  const plan = planCalls(prompt, request.tools, request.toolChoice)
  const made = answering.filter((message) => message.role === 'assistant').flatMap((message) => message.toolCalls).length
  const oneAtATime = request.parallelToolCalls === false
  const pending = plan.slice(made, oneAtATime ? made + 1 : undefined)
  const alreadyCalled = made > 0
  if (pending.length > 0 && (!alreadyCalled || oneAtATime)) {
    return {
      text: '',
      toolCalls: pending.map((call, index) => ({ id: `call_${request.context.turn}_${index}`, name: call.name, rawArguments: JSON.stringify(call.arguments) })),
      finishReason: { unified: 'tool-calls' },
      usage: emptyUsage,
      latencyMs: 0,
      retries: 0,
    }
  }
  const results = answering.filter((message) => message.role === 'tool').map((message) => message.content)
  const text = results.length > 0
    ? `Here is what the tools returned: ${results.join('; ')}`
    : "I can't help with that using the tools I have."
  return { text, toolCalls: [], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 0, retries: 0 }
}

function lastUserText(messages: readonly Message[]): string {
  return messages.findLast((message) => message.role === 'user')?.content ?? ''
}
