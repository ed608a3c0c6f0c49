import { formatFuzzReport } from './format-report.ts'
import { fuzzValidator, type FuzzOptions, type FuzzReport } from './fuzz-validator.ts'

/** Thrown by `assertValidator` when a property fails; carries the report (message = the readable report). */
export class ValidatorFuzzError extends Error {
  constructor(readonly report: FuzzReport) {
    super(`argument validator fuzzing found ${report.findings.length} problem(s):\n${formatFuzzReport(report)}`)
    this.name = 'ValidatorFuzzError'
  }
}

/**
 * For a user's own test suite (vitest, jest, node:test): fuzzes the validator and throws with the shrunk
 * counterexamples, seeds and replay paths when any property fails; resolves to the report otherwise.
 *
 * ```ts
 * it('validates tool arguments soundly', () => assertValidator({ tools, validator: validateArgs, runs: 500 }))
 * ```
 */
export async function assertValidator(options: FuzzOptions): Promise<FuzzReport> {
  const report = await fuzzValidator(options)
  if (report.findings.length > 0) throw new ValidatorFuzzError(report)
  return report
}
