import { readResultFile } from './results.ts'
import { pyToJsonText } from './py/to-json.ts'
import { isDict, isList, type PyValue } from './py/value.ts'

/** One scripted assistant turn (issue 2's `scripted:` file format). */
export type ScriptedTurn =
  | { readonly tool_calls: readonly { readonly id: string; readonly name: string; readonly arguments: string }[] }
  | { readonly content: string }

/** A scripted model file: per case id, the assistant turns to replay. */
export type ScriptedFile = { readonly [caseId: string]: readonly ScriptedTurn[] }

/**
 * The assistant turn that replays one BFCL `result`: an FC list of `{name: "<arguments>"}` becomes tool calls with
 * the raw argument strings; anything else becomes text. Text is chosen so that the case verdict equals BFCL's:
 * prompt text stays as is, and FC shapes BFCL cannot decode (null, lists of text, non-string arguments) are written
 * as their JSON text, which fails decoding the same way.
 */
export function resultToTurn(result: PyValue): ScriptedTurn {
  if (typeof result === 'string') return { content: result }
  if (isList(result) && result.length === 0) return { content: '' }
  if (isList(result)) {
    const calls = result.map((element, index) => {
      const first = isDict(element) ? element.entries[0] : undefined
      if (!first || typeof first[0] !== 'string' || typeof first[1] !== 'string') return undefined
      return { id: `call_${index}`, name: first[0], arguments: first[1] }
    })
    if (calls.every((call) => call !== undefined)) return { tool_calls: calls as { id: string; name: string; arguments: string }[] }
  }
  return { content: pyToJsonText(result) }
}

/**
 * The assistant turns that replay one multi-turn `result` (turns of steps) through an imported conversation case:
 * each step a turn, each BFCL turn ending in a text turn (BFCL ends a turn at a step it cannot decode, stored as
 * `[]`; a turn cut by BFCL's step limit gets one, so the next message's reply starts at the next turn's steps).
 */
export function multiTurnResultToTurns(result: PyValue): ScriptedTurn[] {
  if (!isList(result)) return [{ content: typeof result === 'string' ? result : pyToJsonText(result) }]
  return result.flatMap((turn) => {
    const steps = isList(turn) ? turn.map(resultToTurn) : [resultToTurn(turn)]
    return steps.length > 0 && 'content' in steps[steps.length - 1]! ? steps : [...steps, { content: '' }]
  })
}

/** Converts a BFCL result file (JSON Lines) into a scripted model file keyed by entry id (multi-turn files too). */
export function resultFileToScripted(file: string): ScriptedFile {
  const multiTurn = /BFCL_v4_multi_turn_[a-z_]+_result\.json$/.test(file)
  const out: Record<string, readonly ScriptedTurn[]> = {}
  for (const line of readResultFile(file)) out[line.id] = multiTurn ? multiTurnResultToTurns(line.result) : [resultToTurn(line.result)]
  return out
}
