// Races one case's work through the run's patience and reports whether its value is still reachable after the race
// settled and a full GC ran (`node --expose-gc`): a run of 20,000 cases must not keep every case's result alive.
import { AbandonAfterAbort } from '../../src/runner/abandon-after-abort.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const patience = new AbandonAfterAbort(new AbortController().signal)
let ref: WeakRef<object> | undefined
await (async () => {
  const value = { transcript: 'x'.repeat(1000) }
  ref = new WeakRef(value)
  await patience.race(Promise.resolve(value))
})()
await new Promise((resolve) => setTimeout(resolve, 0))
gc()
process.stdout.write(ref!.deref() === undefined ? 'released' : 'retained')
patience.dispose()
