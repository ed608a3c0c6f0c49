import type { Matcher } from '../core/case.ts'
import type { Transcript } from '../core/transcript.ts'
import { describe } from '../matchers/argument-matchers.ts'
import { formatStateDifferences, matchState, stateMatcherProblem, statePath, type StateMatchOptions } from '../matchers/state-matchers.ts'
import type { ScoredCase } from '../runner/run-one-case.ts'
import type { AssertionOutcome } from './call-assertions.ts'

/** The world's state at the end of a case: the snapshot after the last reply (or before the first), or none without a world. */
function finalState(transcript: Transcript): { readonly state: unknown } | undefined {
  const last = transcript.conversation?.at(-1)
  if (last && 'state' in last) return { state: last.state }
  if ('initialState' in transcript) return { state: transcript.initialState }
  return undefined
}

/**
 * `toReachState(matcher, { ignore })`: the world's final snapshot matches, by the suite's state expectation rules
 * (matchers/state-matchers.ts). A mismatch says every differing path with what was expected and what was found,
 * and gives vitest the same per path to diff. A malformed matcher is the test's own mistake: a TypeError.
 */
export function reachesState(scored: ScoredCase, matcher: Matcher, options: StateMatchOptions = {}): AssertionOutcome {
  const problem = stateMatcherProblem(matcher)
  if (problem) throw new TypeError(`toReachState: the state matcher at ${statePath(problem.path)} is not ${problem.expected}`)
  const final = finalState(scored.transcript)
  if (!final) {
    return { pass: false, kind: 'state_mismatch', summary: 'the case ran against no world, so it has no state to match (give the suite or the case a `world:`)', expected: matcher, actual: undefined }
  }
  const differences = matchState(matcher, final.state, options)
  if (differences.length === 0) return { pass: true, kind: 'state_mismatch', summary: 'the world reached the expected state', expected: matcher, actual: final.state }
  return {
    pass: false,
    kind: 'state_mismatch',
    summary: formatStateDifferences(differences),
    expected: Object.fromEntries(differences.map((difference) => [difference.path, difference.expected])),
    actual: Object.fromEntries(differences.map((difference) => [difference.path, describe(difference.actual)])),
  }
}
