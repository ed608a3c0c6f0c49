// A protocol-neutral fake model: each fake server parses its wire request into a `Conversation`, asks the
// behaviour what to do, and renders the answer in its own wire format. Identical behaviour on every protocol is
// what lets the tests compare providers.
import type { ToolDefinition } from '../../../src/core/tool.ts'

/** A call the model makes, with its arguments as an object (servers encode them as their protocol wants). */
export type NeutralCall = { readonly name: string; readonly args: Record<string, unknown> }

/** The model's answer for one turn. */
export type NeutralTurn = { readonly text?: string; readonly calls?: readonly NeutralCall[] }

/** A tool result as the server received it, linked to the call it answers. */
export type NeutralResult = { readonly callId: string; readonly name: string; readonly content: string; readonly isError: boolean }

/** The request, as any of the fake APIs understood it. */
export type Conversation = {
  readonly model: string
  readonly system?: string
  /** Text of the first user message: the behaviour keys on it. */
  readonly prompt: string
  readonly toolNames: readonly string[]
  readonly toolChoice: 'auto' | 'none' | 'required' | { readonly name: string } | undefined
  readonly parallel: boolean | undefined
  /** Tool results of the latest user turn, in order. */
  readonly results: readonly NeutralResult[]
  /** How many assistant turns the conversation holds already. */
  readonly assistantTurns: number
  /** The tool definitions as sent (name, description, parameters), for behaviours that read them. */
  readonly tools?: readonly ToolDefinition[]
  /** Text of the latest user message (a conversation's later messages; `prompt` stays the first). */
  readonly latestPrompt?: string
  /** Tool calls the assistant made since the latest user message. */
  readonly callsSinceLatestPrompt?: number
  /** What the protocol's parser wants its renderer to know (thinking on, encrypted content asked for …). */
  readonly wire?: { readonly [key: string]: unknown }
}

/** Decides the model's turn. */
export type Behaviour = (conversation: Conversation) => NeutralTurn

/**
 * The weather model: asks for the weather of every city named in the prompt (in parallel unless parallel calls are
 * off: then one per turn), honours `none` and forced tools, and finally summarizes the results it got.
 */
export const weatherModel: Behaviour = (conversation) => {
  const cities = [...conversation.prompt.matchAll(/\b(Paris|London|Tokyo|Oslo)\b/g)].map((match) => match[1]!)
  if (conversation.toolChoice === 'none' || !conversation.toolNames.includes('get_weather')) return { text: `No tools: ${cities.join(', ')}` }
  const choice = conversation.toolChoice
  if (typeof choice === 'object' && choice.name !== 'get_weather') return { calls: [{ name: choice.name, args: {} }] }
  const answered = conversation.assistantTurns
  const perTurn = conversation.parallel === false ? 1 : cities.length
  const remaining = cities.slice(answered * perTurn, answered * perTurn + perTurn)
  if (remaining.length > 0 && (conversation.results.length === 0 || conversation.parallel === false)) {
    return { calls: remaining.map((city) => ({ name: 'get_weather', args: { city } })) }
  }
  // Only the contents: Chat Completions and Responses cannot say a result is an error, Anthropic can.
  const summary = conversation.results.map((result) => result.content).join(' | ')
  return { text: `Summary: ${summary}` }
}
