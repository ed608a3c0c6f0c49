import type { Case } from '../core/case.ts'
import { simulatedUserSource } from '../loop/simulated-user.ts'
import type { UserSource } from '../loop/user-messages.ts'
import { SuiteModels, type SuiteModelOptions } from './suite-models.ts'

/** The simulated users of a run (`user: { model }` of its cases), built and checked before the first model call. */
export class Simulators extends SuiteModels {
  constructor(options: SuiteModelOptions) {
    super(options, (testCase) => (testCase.user ? [testCase.user.model] : []), 'user.model')
  }

  /** The user source of one case × repeat: its simulated user, or undefined for a case without `user:`. */
  sourceFor(testCase: Case, repeat: number): UserSource | undefined {
    if (!testCase.user) return undefined
    const simulator = this.providerFor(testCase, testCase.user.model)
    // A case the run did not prepare (a library caller's own case list): the driver ends it as simulator_error.
    if (!simulator) return undefined
    return simulatedUserSource(testCase.user, simulator, { suite: testCase.suite, caseId: testCase.id, repeat })
  }
}
