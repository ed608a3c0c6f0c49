import { failureKinds, type CaseResult, type Failure, type FailureKind } from './result.ts'

// The one place that decides what a result says about the model. The scorer's failures go in once, when the
// runner builds the result (`verdictOfFailures`), and the verdict is stored on it; every output reads it back with
// `verdictOf`. Nothing else in src/ compares failure-kind strings to tell errored from failed
// (test/source/verdict-seam.test.ts checks that).

/** What one result says: `passed`, `failed` (a verdict on the model) or `errored` (no verdict: see erroredKinds). */
export type ResultVerdict = 'passed' | 'failed' | 'errored'

/** Why a result is errored: the user's own harness code failed, or the infrastructure did (an outage). */
export type ErroredCause = 'harness' | 'outage'

/**
 * The errored failure kinds and their causes: not a verdict on the model, counted apart, in no rate, re-run by
 * `--resume`. A new errored kind is added here, and only here.
 */
const erroredKindCauses: { readonly [kind in FailureKind]?: ErroredCause } = {
  provider_error: 'outage',
  harness_error: 'harness',
  // A simulated user or a judge is a model the suite brought, not the model under test: its failure is no verdict.
  simulator_error: 'outage',
  judge_error: 'outage',
}

/** The three verdicts, in the order outputs list them. */
export const resultVerdicts: readonly ResultVerdict[] = ['passed', 'failed', 'errored']

/** Failure kinds that are not a verdict on the model: an outage or the user's own harness code failed. */
export const erroredKinds: readonly FailureKind[] = Object.keys(erroredKindCauses) as FailureKind[]

/** The fields a verdict is read from: the stored verdict, or (reports written before it was stored) passed and failures. */
export type VerdictFields = Pick<CaseResult, 'failures'> & { readonly passed?: boolean; readonly verdict?: ResultVerdict }

/** Whether a failure kind is errored (no verdict on the model) rather than a failure of the model. */
export function isErroredKind(kind: string): boolean {
  return Object.hasOwn(erroredKindCauses, kind)
}

/** The verdict the scorer's failures make: none = passed, any errored kind = errored, else failed. */
export function verdictOfFailures(failures: readonly Pick<Failure, 'kind'>[]): ResultVerdict {
  if (failures.some((failure) => isErroredKind(failure.kind))) return 'errored'
  return failures.length === 0 ? 'passed' : 'failed'
}

/** A result's verdict: the one the runner stored; for results journaled before it was stored, from their failures. */
export function verdictOf(result: VerdictFields): ResultVerdict {
  if (result.verdict !== undefined) return result.verdict
  const verdict = verdictOfFailures(result.failures)
  // `passed: false` with no failure listed (hand-written or foreign results) is still a failure.
  return verdict === 'passed' && result.passed === false ? 'failed' : verdict
}

/**
 * What is wrong when a stored verdict (or, in results written before it was stored, `passed`) contradicts the result's
 * own failures — the runner writes both from one decision (`verdictOfFailures`), so a contradiction is a damaged or
 * edited file; undefined when they agree. A kind this version does not know (a later version's errored kind) leaves
 * the stored verdict standing: that is why it is stored.
 */
export function verdictConflict(result: VerdictFields): string | undefined {
  const kinds = [...new Set(result.failures.map((failure) => failure.kind))]
  const listed = kinds.length === 0 ? 'no failure' : `failures ${kinds.join(', ')}`
  const { verdict } = result
  if (verdict !== undefined) {
    const errored = kinds.some(isErroredKind)
    const wrong = verdict === 'passed' ? kinds.length > 0
      : verdict === 'failed' ? errored
      : !errored && (kinds.length === 0 || kinds.every((kind) => (failureKinds as readonly string[]).includes(kind)))
    if (wrong) return `verdict "${verdict}" contradicts its ${listed} (they make it ${verdictOfFailures(result.failures)})`
  }
  // Without a stored verdict, `passed: false` and no failure listed is a failure (`verdictOf`), not a contradiction.
  const wrongFlag = verdict === undefined ? result.passed === true && kinds.length > 0 : result.passed !== undefined && result.passed !== (verdict === 'passed')
  if (wrongFlag) return `passed: ${result.passed} contradicts its ${verdict === undefined ? listed : `verdict "${verdict}"`}`
  return undefined
}

/** Whether a result is errored (ended by an outage or by harness code): counted apart, out of every rate, re-run by --resume. */
export function isErroredResult(result: VerdictFields): boolean {
  return verdictOf(result) === 'errored'
}

/** Why a result is errored (harness code before an outage, as the exit code ranks them), or undefined when it is not. */
export function erroredCause(result: VerdictFields): ErroredCause | undefined {
  if (verdictOf(result) !== 'errored') return undefined
  const causes = result.failures.map((failure) => erroredKindCauses[failure.kind])
  return causes.includes('harness') ? 'harness' : 'outage'
}

/** A result's failures split by what they are: `errors` (errored kinds: the infrastructure or harness) and `failures` (the model's). */
export function splitFailures<F extends Pick<Failure, 'kind'>>(failures: readonly F[]): { readonly errors: readonly F[]; readonly failures: readonly F[] } {
  return {
    errors: failures.filter((failure) => isErroredKind(failure.kind)),
    failures: failures.filter((failure) => !isErroredKind(failure.kind)),
  }
}
