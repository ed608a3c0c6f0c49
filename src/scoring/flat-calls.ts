import type { ToolDefinition } from '../core/tool.ts'
import type { Transcript, TranscriptCall } from '../core/transcript.ts'

/** A call with its position in the transcript, the unit most scorers work on. */
export type FlatCall = {
  readonly turn: number
  readonly index: number
  readonly call: TranscriptCall
  /** The exposed tool of that name, when there is one. */
  readonly tool?: ToolDefinition
  /** `turns[1].calls[0]`: where the call stands in the result. */
  readonly path: string
}

/**
 * All calls of a transcript in order, with their tools looked up. In a conversation a tool counts only on the turns
 * it was sent with (`add_tools` hides it before its message): calling it earlier is calling a tool not offered.
 */
export function flattenCalls(transcript: Transcript, tools: readonly ToolDefinition[]): FlatCall[] {
  return transcript.turns.flatMap((turn) =>
    turn.calls.map((call, index) => {
      const offered = turn.message === undefined || turn.request.toolNames.includes(call.name)
      const tool = offered ? tools.find((candidate) => candidate.name === call.name) : undefined
      return { turn: turn.index, index, call, ...(tool ? { tool } : {}), path: `turns[${turn.index}].calls[${index}]` }
    }))
}
