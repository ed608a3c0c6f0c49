import { astCheck, checkerModeFor } from './checker/ast-check.ts'
import type { FunctionDoc } from './checker/function-doc.ts'
import { BfclCrash, crashErrorType } from './checker/result.ts'
import { decode, functionCallShape, type DecodeMode } from './decode.ts'
import { languageOf } from './language.ts'
import type { PyValue } from './py/value.ts'

/** BFCL's verdict for one entry: `errorType` null when valid; `errors` is BFCL's error list. */
export type Verdict = { readonly valid: boolean; readonly errorType: string | null; readonly errors: readonly unknown[] }

/** Everything needed to score one entry. */
export type EntryInput = {
  readonly category: string
  /** The entry's function docs (un-hinted, original dotted names). */
  readonly docs: readonly FunctionDoc[]
  /** The possible answer (`ground_truth` list); absent for relevance categories. */
  readonly answer?: PyValue
  /** The raw `result` of the result line. */
  readonly result: PyValue
  readonly mode: DecodeMode
  readonly underscoreToDot?: boolean
}

/** The kind of scoring a category gets: AST checking, or relevance (must not call / must call). */
export type CategoryKind = 'ast' | 'irrelevance' | 'relevance'

/** BFCL's split: "irrelevance" in the name → must not call; else "relevance" → must call; else the AST checker. */
export function categoryKind(category: string): CategoryKind {
  if (category.includes('irrelevance')) return 'irrelevance'
  if (category.includes('relevance')) return 'relevance'
  return 'ast'
}

const wrongFormat = 'Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability.'

/** BFCL's per-entry pipeline (bfcl-rules.md §4, §12.1): decode, shape check, checker — or the relevance rule. */
export function entryVerdict(input: EntryInput): Verdict {
  const decoded = decode(input.result, input.mode)
  const kind = categoryKind(input.category)
  if (kind !== 'ast') {
    // "Contains a call" = decoded, well-shaped and non-empty; an unparseable call counts as abstaining (#443).
    const calls = decoded.ok ? functionCallShape(decoded.value) : undefined
    const containsCall = calls !== undefined && calls.length > 0
    if (kind === 'irrelevance') {
      return containsCall
        ? { valid: false, errorType: 'irrelevance_error:decoder_success', errors: ['Valid syntax. Successfully decode AST when it should not.'] }
        : { valid: true, errorType: null, errors: [] }
    }
    return containsCall
      ? { valid: true, errorType: null, errors: [] }
      : { valid: false, errorType: 'relevance_error:decoder_failed', errors: [`Invalid syntax. Failed to decode AST when it should have. ${decoded.ok ? 'None' : decoded.error}`] }
  }
  if (!decoded.ok) {
    return { valid: false, errorType: 'ast_decoder:decoder_failed', errors: [`Invalid syntax. Failed to decode AST. ${decoded.error}`] }
  }
  const calls = functionCallShape(decoded.value)
  if (!calls) return { valid: false, errorType: 'ast_decoder:decoder_wrong_output_format', errors: [wrongFormat] }
  try {
    if (!Array.isArray(input.answer)) throw new BfclCrash('no possible answer for this entry')
    const result = astCheck(checkerModeFor(input.category), input.docs, calls, input.answer, {
      underscoreToDot: input.underscoreToDot ?? false,
      language: languageOf(input.category),
    })
    return result.valid ? { valid: true, errorType: null, errors: [] } : { valid: false, errorType: result.errorType, errors: result.errors }
  } catch (error) {
    if (error instanceof BfclCrash) return { valid: false, errorType: crashErrorType, errors: [`BFCL's checker would crash here: ${error.message}`] }
    throw error
  }
}
