import type { Expectation, Matcher } from './case.ts'

// The vocabulary of conversations (README "Conversations and worlds"): a case may give its user messages in order
// (`conversation:`) or let a model play the user (`user:`), run its tools against a stateful world, and expect
// things of each reply and of the world at the end. Storage is 0-based; every output prints messages 1-based.

/** A world module as a suite or case names it (`world: { module, export }`); `module` is an absolute path once loaded. */
export type WorldSpec = { readonly module: string; readonly export: string }

/** What a world's factory is given besides its own deep copy of the initial state. */
export type WorldContext = {
  readonly suite: string
  readonly caseId: string
  readonly repeat: number
  readonly model: string
}

/**
 * A stateful tool backend, as a world module's export returns it: methods named after tools
 * (`(args, context) => result`, sync or async) and optionally `snapshot()` — the state as plain JSON (default:
 * the state object the factory was given). A tool it does not implement falls back to the suite's stubs.
 */
export type World = {
  readonly snapshot?: () => unknown
  readonly [tool: string]: unknown
}

/** A world module's export: called once per case × model × repeat. */
export type WorldFactory = (state: unknown, context: WorldContext) => World | Promise<World>

/** An expectation of one reply, or of the whole conversation: the usual one, plus matchers over the world's state. */
export type ConversationExpectation = Expectation & {
  /** Matchers over the world's snapshot (`matchers/state-matchers.ts`); a mismatch is `state_mismatch`. */
  readonly state?: Matcher
  /** `ignore`: paths of the state never compared (`orders.*.updated_at`, `refunds[*].id`). */
  readonly ignore?: readonly string[]
}

/** One user message of a case's `conversation:` and what the model's reply to it must do. */
export type ConversationMessage = {
  readonly user: string
  /** `add_tools`: names of tools exposed from this message on (hidden before). */
  readonly addTools?: readonly string[]
  /** Judged on the model turns answering this message only; absent = nothing expected of this reply. */
  readonly expect?: ConversationExpectation
}

/** `user:` — a model plays the user from instructions the model under test never sees. */
export type SimulatedUser = {
  /** The simulator's model spec (`scripted:<file>` works: its turns for the case id are the user's messages). */
  readonly model: string
  readonly instructions: string
  /** The conversation ends after this many user messages (default 8). */
  readonly maxMessages: number
}

/** A simulated user's message that ends the conversation (never sent to the model under test), as τ-bench does. */
export const stopToken = '###STOP###'

/**
 * One user message as the transcript keeps it: what the user said, which model turns answered it (a half-open
 * range into `Transcript.turns`, whose turns also carry `message`), and the world's snapshot after the reply.
 */
export type ConversationStep = {
  readonly user: string
  readonly firstTurn: number
  /** One past the last turn answering this message. */
  readonly endTurn: number
  /** The tools exposed while answering it (names), when `add_tools` changed them. */
  readonly toolNames?: readonly string[]
  /** The world's snapshot after the model's reply (only when the case runs against a world). */
  readonly state?: unknown
}

/** What a simulated-user case records of its simulator: enough to tell two runs' users apart. */
export type SimulatorRecord = {
  readonly spec: string
  /** sha256 (hex) of the simulator's system prompt (its instructions as sent). */
  readonly promptHash: string
}
