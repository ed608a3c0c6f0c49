import { ProviderError } from '../core/errors.ts'
import type { GenerateRequest, Provider } from '../core/provider.ts'
import type { ModelTurn } from '../core/model-turn.ts'
import { settledWithin } from '../loop/settled-within.ts'
import { defaultRequestTimeoutMs } from '../providers/provider-options.ts'
import { isSelfBounded } from '../providers/self-bounded.ts'

/** The longest delay a Node timer takes (a longer one fires at once): a bound above it is no bound. */
const longestTimerMs = 2_147_483_647

/**
 * A caller's own provider (`RunOptions.providers` — a model under test, a simulated user or a judge — or `runCase`'s
 * `model`) with each turn bounded: a `doGenerate` that has not settled after `timeoutMs` (the model's `timeoutMs`,
 * default 10 minutes like an HTTP attempt's) rejects with a ProviderError — so the loop ends the case as
 * `provider_error`, a judge's as `judge_error`, a simulated user's as `simulator_error` — and the signal it was given
 * is aborted so it can clean up; its late answer is ignored. Without it a provider that never settles held its case,
 * and the run, forever. Returned unchanged: toolgauge's own providers (their requests end by themselves, and their
 * retries and rate limits may take longer than one attempt), a provider in batch mode (its requests wait for the
 * batch), and a timeout that is not a positive number a timer can wait (`Infinity`: no bound).
 */
export function boundedTurns(provider: Provider, timeoutMs: number = defaultRequestTimeoutMs): Provider {
  if (isSelfBounded(provider) || provider.batch || !(timeoutMs > 0 && timeoutMs <= longestTimerMs)) return provider
  return {
    id: provider.id,
    ...(provider.spec !== undefined ? { spec: provider.spec } : {}),
    ...(provider.checkCases ? { checkCases: provider.checkCases.bind(provider) } : {}),
    ...(provider.checkRequest ? { checkRequest: provider.checkRequest.bind(provider) } : {}),
    doGenerate: (request, signal) => boundedTurn(provider, request, signal, timeoutMs),
  }
}

async function boundedTurn(provider: Provider, request: GenerateRequest, signal: AbortSignal | undefined, timeoutMs: number): Promise<ModelTurn> {
  // The provider's own signal: aborted with the run's, or when its turn ran out of time.
  const own = new AbortController()
  const follow = () => own.abort(signal?.reason)
  if (signal?.aborted) follow()
  else signal?.addEventListener('abort', follow, { once: true })
  try {
    return await settledWithin(Promise.resolve().then(() => provider.doGenerate(request, own.signal)), timeoutMs, () => {
      const error = new ProviderError(`the model "${provider.id}" did not answer within ${timeoutMs} ms; its request was aborted (raise the provider options' timeoutMs, --timeout, if it is slow on purpose)`)
      own.abort(error)
      return error
    })
  } finally {
    signal?.removeEventListener('abort', follow)
  }
}
