import type { Provider } from '../core/provider.ts'

// toolgauge's own providers end every request by themselves: the HTTP layer times out each attempt (`timeoutMs`) and
// gives up after its retries; baseline and scripted models answer at once. Their turns may still legitimately take
// longer than one attempt's timeout (retries and their backoff, `max_concurrency` / `requests_per_minute` queues, a
// batch), so the runner's bound on a caller's own provider's turn (runner/bounded-turns.ts) must leave them alone.
const selfBounded = new WeakSet<Provider>()

/** Marks `provider` as one whose every request ends by itself (toolgauge built it); returns it. */
export function markSelfBounded<P extends Provider>(provider: P): P {
  selfBounded.add(provider)
  return provider
}

/** Whether toolgauge built `provider` (createProvider), so its requests end by themselves. */
export function isSelfBounded(provider: Provider): boolean {
  return selfBounded.has(provider)
}
