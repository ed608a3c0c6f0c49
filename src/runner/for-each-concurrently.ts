/**
 * Runs `work` over the items with at most `concurrency` in flight, in order. Hand-written rather than
 * `Promise.all(items.map((item) => pLimit(...)(…)))`: that shape creates a queued closure and a promise for every
 * item up front — 20,000 of them for a 20,000-case run — while these workers pull the next item only when one
 * finishes, so memory does not grow with the number of items. The first error stops the workers and is thrown.
 */
export async function forEachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T
      try {
        await work(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}
