import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Provider, RequestShape } from '../core/provider.ts'
import { requestProblem } from './provider-checks.ts'

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
