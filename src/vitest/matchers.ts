import { expect } from 'vitest'
import type { ScoredCase } from '../runner/run-one-case.ts'
import {
  callsNoTools,
  callsTool,
  callsToolsInOrder,
  callsToolsInParallel,
  erroredCase,
  hasNoHallucinations,
  passesCase,
  staysWithinToolTokens,
  type AssertionOutcome,
} from './call-assertions.ts'
import { compactTranscript } from './compact-transcript.ts'
import { reachesState } from './state-assertion.ts'
import type { ExpectedCall, Matcher } from '../core/case.ts'
import type { StateMatchOptions } from '../matchers/state-matchers.ts'
import { inertDeep, inertLines } from '../report/terminal-text.ts'
import { caseLabel } from './test-text.ts'

/** The tool-call matchers `toolgauge/vitest` adds to vitest's `expect`; each takes a `runCase` result. */
export interface ToolCallMatchers<R = unknown> {
  /** Some call has this tool name and (when given) arguments matching the suite matcher language. */
  toCallTool(name: string, args?: ExpectedCall['args']): R
  /** One assistant turn holds a matching call for each expected call. */
  toCallToolsInParallel(calls: readonly ExpectedCall[]): R
  /** The expected calls appear in this order among the model's calls. */
  toCallToolsInOrder(calls: readonly ExpectedCall[]): R
  /** The model made no tool call. */
  toNotCallTools(): R
  /** No hallucinated tool name and no invented parameter. */
  toHaveNoHallucinations(): R
  /** Tool definitions cost at most `tokens` per request. */
  toStayWithinToolTokens(tokens: number): R
  /** The case passes its suite expectation. */
  toPassCase(): R
  /** The world's final snapshot matches (state expectation rules, `ignore` paths); a mismatch lists each differing path. */
  toReachState(matcher: Matcher, options?: StateMatchOptions): R
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends ToolCallMatchers<T> {}
}

type MatcherContext = { readonly isNot: boolean }

function isScoredCase(value: unknown): value is ScoredCase {
  return typeof value === 'object' && value !== null && 'transcript' in value && 'result' in value && 'case' in value
}

/** Adapts a pure assertion to vitest's matcher protocol: pass, a message naming the failure kind, and a diff. */
function matcher<A extends unknown[]>(name: string, assertion: (scored: ScoredCase, ...args: A) => AssertionOutcome) {
  return function (this: MatcherContext, received: unknown, ...args: A) {
    if (!isScoredCase(received)) {
      throw new TypeError(`${name} takes the result of runCase({ suite, case, model }) (a scored case), got ${typeof received}`)
    }
    // Named as describeSuite names its tests (the variant too), inert: vitest prints it to the terminal.
    const label = caseLabel(received.case, received.result.model)
    // An errored case is no verdict on the model: the matcher fails whether or not it is negated.
    const errored = name === 'toStayWithinToolTokens' ? undefined : erroredCase(received)
    if (errored) {
      return { pass: this.isNot, message: () => `${label}: ${errored.kind} — ${inertLines(errored.summary)}\n\n${compactTranscript(received)}`, ...diffed(errored) }
    }
    const outcome = assertion(received, ...args)
    return {
      pass: outcome.pass,
      message: () => this.isNot
        ? `${label}: expected the opposite, but ${inertLines(outcome.summary)}`
        : `${label}: ${outcome.kind} — ${inertLines(outcome.summary)}\n\n${compactTranscript(received)}`,
      ...diffed(outcome),
    }
  }
}

/**
 * The two sides vitest diffs, inert: they hold what the model sent (names, arguments, failure messages) and vitest
 * prints strings in a diff as they are, control characters included.
 */
function diffed(outcome: AssertionOutcome): { expected: unknown; actual: unknown } {
  return { expected: inertDeep(outcome.expected), actual: inertDeep(outcome.actual) }
}

/** Registers the matchers on vitest's `expect` (importing `toolgauge/vitest` does this once). */
export function registerMatchers(): void {
  expect.extend({
    toCallTool: matcher('toCallTool', (scored, name: string, args?: ExpectedCall['args']) => callsTool(scored, { name, ...(args ? { args } : {}) })),
    toCallToolsInParallel: matcher('toCallToolsInParallel', callsToolsInParallel),
    toCallToolsInOrder: matcher('toCallToolsInOrder', callsToolsInOrder),
    toNotCallTools: matcher('toNotCallTools', callsNoTools),
    toHaveNoHallucinations: matcher('toHaveNoHallucinations', hasNoHallucinations),
    toStayWithinToolTokens: matcher('toStayWithinToolTokens', staysWithinToolTokens),
    toPassCase: matcher('toPassCase', passesCase),
    toReachState: matcher('toReachState', (scored, state: Matcher, options?: StateMatchOptions) => reachesState(scored, state, options)),
  })
}
