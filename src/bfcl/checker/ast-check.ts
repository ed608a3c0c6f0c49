import { pyRepr } from '../py/repr.ts'
import type { PyValue } from '../py/value.ts'
import { checkFunctionCall, groundTruthCall, type CheckOptions, type DecodedCall } from './function-check.ts'
import { findDoc, type FunctionDoc } from './function-doc.ts'
import { BfclCrash, invalid, valid, type CheckResult } from './result.ts'

/** Which of BFCL's AST checkers an entry goes through. */
export type CheckerMode = 'simple' | 'multiple' | 'parallel'

/**
 * BFCL's dispatch by substring of the category name (bfcl-rules.md §4.3): "parallel" first, then "multiple",
 * else simple. Imported suites store the category, so a renamed suite still gets the right checker.
 */
export function checkerModeFor(category: string): CheckerMode {
  if (category.includes('parallel')) return 'parallel'
  if (category.includes('multiple')) return 'multiple'
  return 'simple'
}

function docFor(docs: readonly FunctionDoc[], name: string): FunctionDoc {
  const doc = findDoc(docs, name)
  if (!doc) throw new BfclCrash(`no function doc named ${pyRepr(name)} for the possible answer`)
  return doc
}

/** BFCL's ast_checker for one decoded, well-shaped output against the possible answer (GT call list). */
export function astCheck(
  mode: CheckerMode,
  docs: readonly FunctionDoc[],
  output: readonly DecodedCall[],
  answer: readonly PyValue[],
  options: CheckOptions = {},
): CheckResult {
  if (mode === 'parallel') return parallelCheck(docs, output, answer, options)
  if (mode === 'multiple') {
    if (output.length !== answer.length) return invalid('multiple_function_checker:wrong_count', 'Wrong number of functions.')
    const gt = groundTruthCall(answer[0]!)
    return checkFunctionCall(docFor(docs, gt.name), output[0]!, gt, options)
  }
  if (output.length !== 1) return invalid('simple_function_checker:wrong_count', 'Wrong number of functions.')
  if (docs.length === 0 || answer.length === 0) throw new BfclCrash('simple entry without a function doc or possible answer')
  return checkFunctionCall(docs[0]!, output[0]!, groundTruthCall(answer[0]!), options)
}

/**
 * parallel_function_checker_no_order: greedy, no backtracking — each GT call in GT order takes the first
 * not-yet-matched output (ascending index) that passes the simple checker.
 */
function parallelCheck(docs: readonly FunctionDoc[], output: readonly DecodedCall[], answer: readonly PyValue[], options: CheckOptions): CheckResult {
  if (output.length !== answer.length) return invalid('parallel_function_checker_no_order:wrong_count', 'Wrong number of functions.')
  const matched = new Set<number>()
  for (let i = 0; i < answer.length; i++) {
    const gt = groundTruthCall(answer[i]!)
    const doc = docFor(docs, gt.name)
    const tried: unknown[] = []
    let found = false
    for (let index = 0; index < output.length; index++) {
      if (matched.has(index)) continue
      const result = checkFunctionCall(doc, output[index]!, gt, options)
      if (result.valid) {
        matched.add(index)
        found = true
        break
      }
      tried.push({
        [`Model Result Index ${index}`]: {
          sub_error: result.errors,
          sub_error_type: result.errorType,
          model_output_item: pyRepr({ t: 'dict', entries: [[output[index]!.name, output[index]!.args]] }),
          possible_answer_item: pyRepr(answer[i]!),
        },
      })
    }
    if (!found) {
      const considered = output.map((_, index) => index).filter((index) => !matched.has(index))
      return invalid(
        'parallel_function_checker_no_order:cannot_find_match',
        `Could not find a matching function among index [${considered.join(', ')}] of model output for index ${i} of possible answers.`,
        ...tried,
      )
    }
  }
  return valid
}
