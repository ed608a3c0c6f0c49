import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { CasePlan, CaseRef, Provider, RequestProblem, RequestShape } from '../core/provider.ts'
import { attempt, describeThrown } from '../core/thrown.ts'

// A Provider's checks run before a run's first request (`toolgauge run`, `runCase`, `describeSuite`), and a caller's
// own provider's are the caller's code: one that threw anything but an InputError (or returned something else than
// the contract says) rejected the whole run with that raw error — a stack trace in the CLI. As for a user module
// that fails to load, it is bad input of the run instead: an InputError (exit 2, no stack trace) naming the model,
// the check and what it threw, before any request is spent. An InputError it throws is its own refusal, passed on.

/** Why the run stopped, after what a check of the provider did. */
const stopped = "a Provider's checks refuse what it cannot serve by throwing an InputError; anything else is its own code failing, so the run stopped before any request"

/** A case as `checkCases` is told of it: its suite and id. */
export function caseRefOf(testCase: Pick<Case, 'suite' | 'id'>): CaseRef {
  return { suite: testCase.suite, id: testCase.id }
}

/** The warnings of `provider.checkCases` (none without one); what it throws or returns wrongly is an InputError (see above). */
export function caseWarnings(provider: Provider, cases: readonly CaseRef[], plan: CasePlan): readonly string[] {
  if (!provider.checkCases) return []
  let returned: unknown
  try {
    returned = provider.checkCases(cases, plan)
  } catch (error) {
    throw InputError.isInstance(error) ? error : new InputError(`the checkCases of the model "${provider.id}" threw: ${describeThrown(error)} (${stopped})`)
  }
  if (returned === undefined) return []
  const warnings = attempt(() => (Array.isArray(returned) && returned.every((warning) => typeof warning === 'string') ? [...(returned as readonly string[])] : undefined))
  if (warnings) return warnings
  throw new InputError(`the checkCases of the model "${provider.id}" returned ${returnedText(returned)}, not a list of warnings (strings) or nothing (${stopped})`)
}

/** What `provider.checkRequest` finds wrong with a case's requests (undefined without one); see above for its failures. */
function requestProblem(provider: Provider, caseId: string, shape: RequestShape): RequestProblem | undefined {
  if (!provider.checkRequest) return undefined
  let returned: unknown
  try {
    returned = provider.checkRequest(shape)
  } catch (error) {
    throw InputError.isInstance(error) ? error : new InputError(`the checkRequest of the model "${provider.id}" threw on case "${caseId}": ${describeThrown(error)} (${stopped})`)
  }
  if (returned === undefined || returned === null) return undefined
  // A run's case is the user's: what to change in it is said.
  const problem = attempt(() => (isProblem(returned) ? { field: returned.field, message: typeof returned.fix === 'string' ? `${returned.message}; ${returned.fix}` : returned.message } : undefined))
  if (problem) return problem
  throw new InputError(`the checkRequest of the model "${provider.id}" returned ${returnedText(returned)} on case "${caseId}", not a { field, message } problem or nothing (${stopped})`)
}

/**
 * Asks every model that can refuse a case's requests (`Provider.checkRequest`) about each case of a `runCase` /
 * `describeSuite` call, before its first request (`checkCaseRequest`). Models without the check cost nothing here:
 * the cases are not even read.
 */
export async function checkCaseRequests(cases: Iterable<Case> | AsyncIterable<Case>, providers: readonly Provider[]): Promise<void> {
  if (!providers.some((provider) => provider.checkRequest)) return
  for await (const testCase of cases) checkCaseRequest(testCase, providers)
}

/**
 * Asks each model that can refuse a case's requests (`Provider.checkRequest`) about one case, before a run's first
 * request: the first refusal is an InputError naming the suite file, the case, the field and the model (exit 2),
 * instead of a run stopped at that case with other cases' requests already spent. A run asks as it selects its
 * cases, in that one pass over a case file (run-evaluation.ts); `answers` says which models run the case.
 */
export function checkCaseRequest(testCase: Case, providers: readonly Provider[], answers: (modelIndex: number) => boolean = () => true): void {
  let shape: RequestShape | undefined
  for (const [modelIndex, provider] of providers.entries()) {
    // A model answering some suites only (`models: - { suites }`) is asked about their cases only, as by checkCases.
    if (!provider.checkRequest || !answers(modelIndex)) continue
    shape ??= { tools: testCase.tools, toolChoice: testCase.toolChoice, ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}) }
    const problem = requestProblem(provider, testCase.id, shape)
    if (problem) throw new InputError(`case "${testCase.id}" ${problem.message} (model ${provider.id})`, { file: testCase.file, field: `${testCase.id}.${problem.field}` })
  }
}

function isProblem(value: unknown): value is RequestProblem {
  return typeof value === 'object' && value !== null && typeof (value as RequestProblem).field === 'string' && typeof (value as RequestProblem).message === 'string'
}

/** What a check returned, in a few words; a promise's rejection is taken here, so it is not also an unhandled one. */
function returnedText(value: unknown): string {
  return attempt(() => {
    if (typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function') {
      Promise.resolve(value).then(undefined, () => {})
      return 'a promise (the checks are not awaited: make it synchronous)'
    }
    if (Array.isArray(value)) return 'a list holding something else than strings'
    return value === null ? 'null' : `a ${typeof value}`
  }) ?? 'a value that cannot be read'
}
