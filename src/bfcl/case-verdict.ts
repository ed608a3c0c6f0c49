import type { FunctionDoc } from './checker/function-doc.ts'
import type { DecodeMode } from './decode.ts'
import { entryVerdict } from './entry-verdict.ts'
import { PyJsonError, pyJsonLoads } from './py/json.ts'
import { plainToPy } from './py/to-json.ts'
import type { PyValue } from './py/value.ts'

/**
 * The `expect.bfcl` object of an imported case (snake_case, as `bfcl import` writes it): the category (decides
 * the checker), `answer` (the possible answer as JSON text — lexemes intact — or as data), `functions` (BFCL's
 * un-hinted docs) and `underscore_to_dot` (true when the tools were sent with `.` → `_`).
 */
export type BfclExpectation = { readonly category: string; readonly answer: unknown; readonly [key: string]: unknown }

/** One assistant turn as the scorer sees it: calls with raw argument strings, and the text. */
export type BfclTurn = { readonly calls: readonly { readonly name: string; readonly rawArguments: string }[]; readonly text: string }

/** The verdict in toolgauge's shape: `errorType` is BFCL's error_type (null when valid), `error` its messages joined. */
export type BfclCaseVerdict = { readonly valid: boolean; readonly errorType: string | null; readonly error: string }

/** Options: the name-mangling flag (overrides `bfcl.underscore_to_dot`, which applies to FC calls only) and the decoding mode. */
export type BfclCaseOptions = {
  readonly underscoreToDot?: boolean
  /** Default: FC when the turn has calls, else the text is decoded as prompt-mode output. */
  readonly mode?: DecodeMode
}

function answerOf(answer: unknown): PyValue | undefined {
  if (answer === undefined || answer === null) return undefined
  if (typeof answer !== 'string') return plainToPy(answer)
  try {
    return pyJsonLoads(answer)
  } catch (error) {
    if (error instanceof PyJsonError) return undefined
    throw error
  }
}

/**
 * The verdict `bfcl score` gives for the same model output, for one case of an imported suite: FC calls are
 * rebuilt into BFCL's result form `[{name: "<raw arguments>"}]`; a turn without calls is prompt-mode text.
 */
export function bfclCaseVerdict(bfcl: BfclExpectation, turn: BfclTurn, options: BfclCaseOptions = {}): BfclCaseVerdict {
  const mode = options.mode ?? (turn.calls.length > 0 ? 'fc' : 'prompt')
  const result: PyValue = mode === 'fc'
    ? turn.calls.map((call) => ({ t: 'dict', entries: [[call.name, call.rawArguments]] }) as const)
    : turn.text
  const verdict = entryVerdict({
    category: bfcl.category,
    docs: Array.isArray(bfcl.functions) ? (bfcl.functions as FunctionDoc[]) : [],
    answer: answerOf(bfcl.answer),
    result,
    mode,
    // The suite's flag says how tool names were sent through an FC API; prompt-mode text is Python call syntax
    // where BFCL never mangles (its prompt models run with underscore_to_dot false).
    underscoreToDot: options.underscoreToDot ?? (mode === 'fc' && bfcl.underscore_to_dot === true),
  })
  const error = verdict.errors.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ')
  return { valid: verdict.valid, errorType: verdict.errorType, error }
}

export { bfclFailureKind } from './failure-kind.ts'
