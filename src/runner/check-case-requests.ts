import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { requestProblem } from './provider-checks.ts'

/**
 * Asks every model that can refuse a case's requests (`Provider.checkRequest`) about each case of a run (or of a
 * `runCase` / `describeSuite` call), before its first request: the first refusal is an InputError naming the suite
 * file, the case, the field and the model (exit 2), instead of a run stopped at that case with other cases' requests
 * already spent. Models without the check cost nothing here: the cases are not even read.
 */
export async function checkCaseRequests(cases: Iterable<Case> | AsyncIterable<Case>, providers: readonly Provider[]): Promise<void> {
  const checking = providers.filter((provider) => provider.checkRequest)
  if (checking.length === 0) return
  for await (const testCase of cases) {
    const shape = { tools: testCase.tools, toolChoice: testCase.toolChoice, ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}) }
    for (const provider of checking) {
      const problem = requestProblem(provider, testCase.id, shape)
      if (problem) throw new InputError(`case "${testCase.id}" ${problem.message} (model ${provider.id})`, { file: testCase.file, field: `${testCase.id}.${problem.field}` })
    }
  }
}
