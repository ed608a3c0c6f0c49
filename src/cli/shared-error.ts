import type { CaseResult } from '../core/result.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { isErroredKind, verdictOf } from '../core/verdict.ts'

/**
 * The one error every errored case of a model ended with, and how many ended so; `model` is named only when the run
 * has more than one model (a one-model run's line needs no name).
 */
export type SharedError = { readonly model?: string; readonly kind: string; readonly message: string; readonly count: number }

/** What one model's errored results have in common so far: their first errored failure, or `mixed` once two differ. */
type Tally = { kind: string; message: string; count: number; mixed: boolean }

/**
 * The cases of a model the run did not send to a server it found unreachable: those whose errored failure carries
 * `stoppedCalling` (http/unreachable-breaker.ts). Never their message's words, which a server, a model's text or a
 * hook's error can repeat, and a rewording would change.
 */
export type StoppedCalls = { readonly model: string; readonly target: string; readonly count: number }

/**
 * Per model, the error every errored result of it shares (its first errored failure, kind and message alike), when
 * more than one case errored and all the same way — a server that was down for the whole run — so the run's end can
 * say it once instead of leaving the user to read it off each case. Per model because an outage's message names its
 * model ("openai-compatible:a: connection failed …"): across models two downed servers never share one. Models in
 * the order their first errored result came; none for a model that errored once, or in differing ways.
 */
export function sharedErrors(results: Iterable<CaseResult>): SharedError[] {
  const models = new Set<string>()
  const tallies = new Map<string, Tally>()
  // A case the run stopped calling the server for ended so because of the cases before it: it shares their cause.
  const stops = new Map<string, number>()
  for (const result of results) {
    models.add(result.model)
    if (verdictOf(result) !== 'errored') continue
    const failure = result.failures.find((candidate) => isErroredKind(candidate.kind))
    const tally = tallies.get(result.model)
    if (failure?.stoppedCalling !== undefined) {
      stops.set(result.model, (stops.get(result.model) ?? 0) + 1)
    } else if (!failure) {
      // Errored by its stored verdict with no errored failure listed: nothing to share.
      tallies.set(result.model, { kind: '', message: '', count: 0, ...tally, mixed: true })
    } else if (!tally) {
      tallies.set(result.model, { kind: failure.kind, message: failure.message, count: 1, mixed: false })
    } else {
      tally.mixed ||= tally.kind !== failure.kind || tally.message !== failure.message
      tally.count++
    }
  }
  const named = models.size > 1
  return [...tallies].flatMap(([model, { kind, message, count: own, mixed }]) => {
    const count = own + (stops.get(model) ?? 0)
    return mixed || count < 2 ? [] : [{ ...(named ? { model } : {}), kind, message, count }]
  })
}

/** Per model and server, how many cases the run did not send because it found the server unreachable. */
export function stoppedCalls(results: Iterable<CaseResult>): StoppedCalls[] {
  const counts = new Map<string, { model: string; target: string; count: number }>()
  for (const result of results) {
    if (verdictOf(result) !== 'errored') continue
    const failure = result.failures.find((candidate) => isErroredKind(candidate.kind))
    const target = failure?.stoppedCalling
    if (target === undefined) continue
    const key = JSON.stringify([result.model, target])
    getOrCreate(counts, key, () => ({ model: result.model, target, count: 0 })).count++
  }
  return [...counts.values()]
}
