import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { Transcript } from '../core/transcript.ts'
import { runAsCase } from '../loop/case-strays.ts'
import { runCase, type LoopOptions } from '../loop/run-case.ts'
import { boundedTurns } from './bounded-turns.ts'
import { guardStrays } from './process-guard.ts'

/** What `runLoop` takes: the loop's options, and the bound on each turn of a caller's own provider. */
export type RunLoopOptions = Omit<LoopOptions, 'strays'> & {
  /**
   * Milliseconds a turn of a provider the caller built (not one from `createProvider`, whose HTTP layer times out
   * each attempt) may take before the loop ends as `provider-error`, its signal aborted; default 600 000, as a
   * model's `timeoutMs`. `Infinity`: no bound.
   */
  readonly turnTimeoutMs?: number
}

/**
 * The bare loop for a library caller (`runLoop` of the package): `loop/run-case.ts` over a loaded Case and a Provider,
 * with what a run and `runCase` give each case. A caller's own provider's turn that has not settled within
 * `turnTimeoutMs` ends the loop as `provider-error`, and an abort (`signal`) ends it as `aborted` even when the
 * provider ignores its signal (runner/bounded-turns.ts). What the case's code throws where nothing awaits it (a stub's
 * or hook's timer) ends it as `harness-error` rather than the process (runner/process-guard.ts). It returns a
 * transcript, not a verdict: score it with `scoreCase`.
 */
export async function runLoop(testCase: Case, provider: Provider, options: RunLoopOptions): Promise<Transcript> {
  const bounded = boundedTurns(provider, options.turnTimeoutMs, "runLoop's turnTimeoutMs")
  const release = guardStrays()
  try {
    return await runAsCase({ testCase, providerId: provider.id, repeat: options.repeat }, undefined, async (strays) => {
      try {
        return await runCase(testCase, bounded, { ...options, strays })
      } finally {
        // The transcript is the case's outcome: what its code throws later is a warning, not part of it.
        strays.close()
      }
    })
  } finally {
    release()
  }
}
