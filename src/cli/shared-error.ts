import type { CaseResult } from '../core/result.ts'
import { isErroredKind, verdictOf } from '../core/verdict.ts'

/** The one error every errored case of a run ended with, and how many ended so. */
export type SharedError = { readonly kind: string; readonly message: string; readonly count: number }

/**
 * The error every errored result shares (its first errored failure, kind and message alike), when more than one case
 * errored and all the same way — a server that was down for the whole run — so the run's end can say it once
 * instead of leaving the user to read it off each case; undefined when none errored, one did, or they differ.
 */
export function sharedError(results: Iterable<CaseResult>): SharedError | undefined {
  let shared: { kind: string; message: string } | undefined
  let count = 0
  for (const result of results) {
    if (verdictOf(result) !== 'errored') continue
    const failure = result.failures.find((candidate) => isErroredKind(candidate.kind))
    if (!failure) return undefined
    if (shared && (shared.kind !== failure.kind || shared.message !== failure.message)) return undefined
    shared ??= { kind: failure.kind, message: failure.message }
    count++
  }
  return shared && count > 1 ? { kind: shared.kind, message: shared.message, count } : undefined
}
