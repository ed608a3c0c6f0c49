import { ProviderError } from '../core/errors.ts'
import type { GenerateRequest, Provider } from '../core/provider.ts'
import type { ModelTurn } from '../core/model-turn.ts'
import { settledWithin } from '../loop/settled-within.ts'
import { defaultRequestTimeoutMs } from '../providers/provider-options.ts'
import { isSelfBounded } from '../providers/self-bounded.ts'
import { wrapProvider } from '../providers/wrap-provider.ts'

/** The longest delay a Node timer takes (a longer one fires at once): a bound above it is no bound. */
const longestTimerMs = 2_147_483_647

/**
 * A caller's own provider (`RunOptions.providers` — a model under test, a simulated user or a judge — or `runCase`'s
 * `model`) with each turn bounded: a `doGenerate` that has not settled after `timeoutMs` (the model's `timeoutMs`,
 * default 10 minutes like an HTTP attempt's) rejects with a ProviderError — so the loop ends the case as
 * `provider_error`, a judge's as `judge_error`, a simulated user's as `simulator_error` — and the signal it was given
 * is aborted so it can clean up; its late answer is ignored. The caller's abort ends the turn at once too (its
 * signal is passed on, and a provider that ignores it is abandoned as one that ran out of time). Without it a
 * provider that never settles held its case, and the run, forever. `setting` names where the bound is raised, in
 * the error. Returned unchanged: toolgauge's own providers (their requests end by themselves, and their retries and
 * rate limits may take longer than one attempt), a provider in batch mode (its requests wait for the batch), and a
 * timeout that is not a positive number a timer can wait (`Infinity`: no bound).
 */
export function boundedTurns(provider: Provider, timeoutMs: number = defaultRequestTimeoutMs, setting = "the provider options' timeoutMs, --timeout"): Provider {
  if (isSelfBounded(provider) || provider.batch || !(timeoutMs > 0 && timeoutMs <= longestTimerMs)) return provider
  return wrapProvider(provider, { doGenerate: (request, signal) => boundedTurn(provider, request, signal, timeoutMs, setting) })
}

async function boundedTurn(provider: Provider, request: GenerateRequest, signal: AbortSignal | undefined, timeoutMs: number, setting: string): Promise<ModelTurn> {
  // The provider's own signal: aborted with the caller's, or when its turn ran out of time. The caller's abort also
  // ends the turn here: a provider that does not heed its signal would otherwise hold it until the bound.
  // This signal has a measured cost: on Node 20 every AbortSignal gets a hidden class of its own (createAbortSignal
  // sets its prototype, then adds fields), old-space garbage only a full GC frees — ≈20 MiB more promoted by young GCs
  // and 25–35 MiB more peak RSS in the 20,000-case in-process scale bench (two turns a case). Reusing a settled turn's
  // controller would save it, but a provider may keep its signal (or a listener on it) past its turn, and one turn's
  // timeout would then abort another's leftover work.
  const own = new AbortController()
  let stop: (reason: unknown) => void = () => {}
  const stopped = new Promise<never>((_, reject) => {
    stop = reject
  })
  const follow = () => {
    own.abort(signal?.reason)
    stop(signal?.reason)
  }
  if (signal?.aborted) follow()
  else signal?.addEventListener('abort', follow, { once: true })
  try {
    const turn = Promise.resolve().then(() => provider.doGenerate(request, own.signal))
    return await settledWithin(Promise.race([turn, stopped]), timeoutMs, () => {
      const error = new ProviderError(`the model "${provider.id}" did not answer within ${timeoutMs} ms; its request was aborted (raise ${setting}, if it is slow on purpose)`)
      own.abort(error)
      return error
    })
  } finally {
    signal?.removeEventListener('abort', follow)
  }
}
