import type { ConversationMessage, SimulatorRecord } from '../core/conversation.ts'
import type { Message } from '../core/message.ts'
import { carriesMarker } from '../core/thrown.ts'

/** What the source of the next user message is told: which message is asked for and the conversation so far. */
export type UserMessageRequest = {
  /** 0-based index of the user message asked for. */
  readonly index: number
  /**
   * The conversation as the model under test has it so far (frozen): history, user messages, assistant turns and
   * tool results. A simulated user reads the assistant's replies from it.
   */
  readonly messages: readonly Message[]
  readonly signal?: AbortSignal
}

/** One user message to send: its text and, for a fixed conversation, the tools exposed from it on. */
export type UserMessage = { readonly user: string; readonly addTools?: readonly string[] }

/**
 * Where a conversation's user messages come from — the one seam between a fixed `conversation:` and a simulated
 * `user:`. `next` returns the next message, or undefined to end the conversation; the driver also ends it at
 * `user.max_messages` and on a message containing `###STOP###` (never sent). A simulator that fails throws a
 * `SimulatorError` (the case ends `simulator-error`: errored, never the tested model's fault); an `InputError`
 * (a bad script) stops the run. `simulator` is recorded on the transcript and the result.
 */
export type UserSource = {
  readonly simulator?: SimulatorRecord
  next(request: UserMessageRequest): Promise<UserMessage | undefined>
}

const marker = Symbol.for('toolgauge.SimulatorError')

/** The simulated user failed (its provider, its script): the case ends as `simulator_error`, errored. */
export class SimulatorError extends Error {
  readonly [marker] = true
  override readonly name = 'SimulatorError'

  /** Realm-safe check (a simulator module may load its own copy of toolgauge). */
  static isInstance(error: unknown): error is SimulatorError {
    return carriesMarker(error, marker)
  }
}

/** The messages of a case's `conversation:`, in order. */
export function fixedUserSource(conversation: readonly ConversationMessage[]): UserSource {
  return {
    next: async ({ index }) => {
      const message = conversation[index]
      if (!message) return undefined
      return message.addTools ? { user: message.user, addTools: message.addTools } : { user: message.user }
    },
  }
}
