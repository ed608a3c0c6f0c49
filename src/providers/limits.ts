import pLimit from 'p-limit'
import type { GenerateRequest, Provider } from '../core/provider.ts'
import { abortableSleep } from '../http/fetch-with-retries.ts'
import type { ProviderOptions } from './provider-options.ts'
import { wrapProvider } from './wrap-provider.ts'

/** Returns the provider unchanged when no limit is set, else a wrapper that queues requests to respect them. */
export function withLimits(provider: Provider, limits: Pick<ProviderOptions, 'maxConcurrency' | 'requestsPerMinute'>): Provider {
  const { maxConcurrency, requestsPerMinute } = limits
  if (!maxConcurrency && !requestsPerMinute) return provider
  const limit = maxConcurrency ? pLimit(maxConcurrency) : undefined
  const window = requestsPerMinute ? createRateWindow(requestsPerMinute, Date.now, abortableSleep) : undefined
  const run = async (request: GenerateRequest, signal?: AbortSignal) => {
    await window?.acquire(signal)
    return provider.doGenerate(request, signal)
  }
  return wrapProvider(provider, { doGenerate: (request, signal) => (limit ? limit(run, request, signal) : run(request, signal)) })
}

/** Sliding-window limiter: at most `perMinute` starts in any 60 s; callers wait for the oldest start to age out. */
export function createRateWindow(
  perMinute: number,
  now: () => number,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
): { acquire(signal?: AbortSignal): Promise<void> } {
  const starts: number[] = []
  // A chain, so waiting callers are served in arrival order and never overbook a slot.
  let queue: Promise<void> = Promise.resolve()
  return {
    acquire(signal) {
      const turn = queue.then(async () => {
        for (;;) {
          const time = now()
          while (starts.length > 0 && time - starts[0]! >= 60_000) starts.shift()
          if (starts.length < perMinute) {
            starts.push(time)
            return
          }
          await sleep(starts[0]! + 60_000 - time, signal)
        }
      })
      queue = turn.catch(() => undefined)
      return turn
    },
  }
}
