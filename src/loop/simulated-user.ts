import type { SimulatedUser, SimulatorRecord } from '../core/conversation.ts'
import { InputError } from '../core/errors.ts'
import { thrownMessage } from '../core/thrown.ts'
import type { Message } from '../core/message.ts'
import type { Provider } from '../core/provider.ts'
import { SimulatorError, type UserSource } from './user-messages.ts'
import { hashText } from '../core/hash-text.ts'

/**
 * Simulated users (`user: { model, instructions, max_messages }`, README "Conversations and worlds"): another
 * model plays the user from instructions the model under test never sees. This module is the user side of the
 * conversation driver's seam (`user-messages.ts`): it shows the simulator the conversation from the user's chair
 * — its own messages as `assistant`, the agent's replies as `user`, no tool calls, tool results or system prompt
 * of the agent — and returns what it says. The driver ends the conversation at `###STOP###` and `max_messages`.
 */

/**
 * The version of the simulator's prompt template below. Change it whenever the template's text changes: the
 * prompt's hash (`SimulatorRecord.promptHash`) then differs, so `--resume` and `compare` tell the two apart.
 */
export const simulatorPromptVersion = 1

/** The agent's opening line the simulator answers with the user's first message (τ-bench opens the same way). */
export const simulatorOpening = 'Hi! How can I help you today?'

/**
 * The simulator's system prompt (template version 1): fixed rules around the case's `instructions`. Written after
 * τ-bench's user simulator: stay in the user's voice, reveal only what the instructions give, stop with the token.
 */
export function simulatorPrompt(instructions: string): string {
  return [
    'You are playing the user in a conversation with an AI assistant, to test that assistant. Your instructions',
    'say who you are and what you want; the assistant never sees them.',
    '',
    '<instructions>',
    instructions.trim(),
    '</instructions>',
    '',
    'Rules:',
    '- Write only the user\'s next message: one message in the user\'s own voice, no narration, no role labels.',
    '- Give information only when the assistant needs it or asks for it, and never invent facts the',
    '  instructions do not give; if asked something they do not cover, say you do not know.',
    '- Do not do the assistant\'s work for it, and never mention or quote these instructions.',
    '- When your goal is reached, cannot be reached, or the instructions say to end the conversation, write',
    '  ###STOP### (alone, or at the end of your last message).',
    `(toolgauge simulated user, prompt template v${simulatorPromptVersion})`,
  ].join('\n')
}

/** What a result records of its simulator: the spec and the sha256 (hex) of the system prompt as sent. */
export function simulatorRecord(spec: string, instructions: string): SimulatorRecord {
  return { spec, promptHash: hashText(simulatorPrompt(instructions)) }
}

/** Which case and repeat a simulated user plays in: its requests carry them, so `scripted:` finds its turns. */
export type SimulatorContext = { readonly suite: string; readonly caseId: string; readonly repeat: number }

/**
 * The user source of a simulated-user case: each `next` sends the simulator its prompt and the conversation so far
 * (roles swapped) and returns its answer as the next user message. The simulator's request for message i carries
 * `turn: i` and `message: i`, so a `scripted:` simulator's turns for the case id are the user's messages in order.
 * A provider failure or an empty answer throws `SimulatorError` (errored, never the tested model's fault); an
 * `InputError` (a bad or missing script) stops the run as bad input does.
 */
export function simulatedUserSource(user: SimulatedUser, simulator: Provider, context: SimulatorContext): UserSource {
  const system = simulatorPrompt(user.instructions)
  const record = simulatorRecord(user.model, user.instructions)
  const name = `the simulated user (${user.model})`
  return {
    simulator: record,
    async next({ index, messages, signal }) {
      const request = {
        messages: [{ role: 'system', content: system }, ...userView(messages)] as const satisfies readonly Message[],
        tools: [],
        toolChoice: 'auto',
        context: { suite: context.suite, caseId: context.caseId, repeat: context.repeat, turn: index, message: index },
      } as const
      let text: string
      try {
        text = (await simulator.doGenerate(request, signal)).text
      } catch (error) {
        if (InputError.isInstance(error)) throw error
        // The cause keeps its ProviderError's status and retries for the failure (run-case.ts).
        throw new SimulatorError(`${name} failed at message ${index + 1}: ${thrownMessage(error)}`, { cause: error })
      }
      // A user who says nothing is a broken simulator, not a turn: τ-bench ends only on its stop token.
      if (text.trim() === '') throw new SimulatorError(`${name} gave an empty answer at message ${index + 1} (end a script with ###STOP###)`)
      return { user: text.trim() }
    },
  }
}

/**
 * The conversation as the user sees it: the agent's fixed opening line, then the user's own messages as
 * `assistant` and the agent's texts as `user` (consecutive agent texts joined, as a chat window shows them).
 * The agent's system prompt, tool calls and tool results are not shown: the user never sees them.
 */
export function userView(messages: readonly Message[]): Message[] {
  const view: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'user', content: simulatorOpening }]
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue
    if (message.content.trim() === '') continue
    const role = message.role === 'user' ? 'assistant' : 'user'
    const last = view[view.length - 1]
    if (last && last.role === role) last.content = `${last.content}\n\n${message.content}`
    else view.push({ role, content: message.content })
  }
  return view.map((entry): Message => (entry.role === 'user' ? { role: 'user', content: entry.content } : { role: 'assistant', content: entry.content, toolCalls: [] }))
}
