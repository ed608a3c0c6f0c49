import type { Failure } from '../core/result.ts'
import type { TranscriptCall, TranscriptTurn } from '../core/transcript.ts'
import { runCase as runScoredCase, type RunCaseRequest, type ScoredCase } from '../runner/run-one-case.ts'

/** What the model did in reply to one user message: `result.conversation[1].calls` are the calls answering the second. */
export type MessageReply = {
  /** 0-based, as in `conversation[index]` and `Failure.userMessage` (outputs print it 1-based). */
  readonly index: number
  /** What the user said (a single-request case: its last user message). */
  readonly user: string
  /** The model turns answering it. */
  readonly turns: readonly TranscriptTurn[]
  /** Every call of those turns, in order, with raw and parsed arguments and the loop's checks. */
  readonly calls: readonly TranscriptCall[]
  /** The model's answer: the text of the reply's last turn. */
  readonly text: string
  /** The world's snapshot after the reply (a case run against a world). */
  readonly state?: unknown
  /** The failures the scorer found in this reply. */
  readonly failures: readonly Failure[]
}

/** A scored case as `toolgauge/vitest`'s `runCase` gives it: with each user message's reply. */
export type ScoredConversation = ScoredCase & {
  /** One entry per user message; a single-request case is a conversation of one message. */
  readonly conversation: readonly MessageReply[]
}

/** The replies of a scored case, per user message (a single-request case: one, holding every turn). */
export function messageReplies(scored: ScoredCase): MessageReply[] {
  const { transcript, result } = scored
  const steps = transcript.conversation
  if (!steps) {
    const lastUser = [...transcript.initialMessages].reverse().find((message) => message.role === 'user')
    return [reply(0, lastUser && 'content' in lastUser && typeof lastUser.content === 'string' ? lastUser.content : '', transcript.turns, undefined, result.failures)]
  }
  return steps.map((step, index) => reply(
    index,
    step.user,
    transcript.turns.slice(step.firstTurn, step.endTurn),
    'state' in step ? { state: step.state } : undefined,
    result.failures.filter((failure) => failure.userMessage === index),
  ))
}

/**
 * Runs one case like the main entry's `runCase` and adds `conversation`: per user message, the turns and calls
 * that answered it and the world's state after it.
 */
export async function runCase(request: RunCaseRequest): Promise<ScoredConversation> {
  const scored = await runScoredCase(request)
  return { ...scored, conversation: messageReplies(scored) }
}

function reply(index: number, user: string, turns: readonly TranscriptTurn[], state: { readonly state: unknown } | undefined, failures: readonly Failure[]): MessageReply {
  return {
    index,
    user,
    turns,
    calls: turns.flatMap((turn) => turn.calls),
    text: turns.at(-1)?.text ?? '',
    ...(state ? { state: state.state } : {}),
    failures,
  }
}
