// 1,000 two-turn cases through each real adapter (real SDK + our retrying fetch) against a fake API in its own
// process that answers after 50 ms, 16 cases at a time. Prints wall time against the ideal
// cases × turns × latency / concurrency: the difference is the overhead of SDK, mapping and HTTP layer. Drives the
// providers with a minimal loop (no scoring), so the figure is the provider stack alone.
import pLimit from 'p-limit'
import { baseUrlFor, makeProvider, providerKinds, runMiniCase, setProviderEnv } from '../test/providers/fake/harness.ts'
import { startServerProcess } from '../test/providers/fake/serve-process.ts'

const cases = Number(process.env.BENCH_CASES ?? 1_000)
const concurrency = 16
const latencyMs = 50
const turnsPerCase = 2

/** Runs the benchmark for every provider kind (or those in BENCH_PROVIDERS, comma-separated). */
export async function run(): Promise<void> {
  const wanted = process.env.BENCH_PROVIDERS?.split(',') ?? providerKinds
  const ideal = (cases * turnsPerCase * latencyMs) / concurrency
  console.log(`${cases} cases × ${turnsPerCase} turns × ${latencyMs} ms / concurrency ${concurrency} → ideal ${(ideal / 1000).toFixed(2)} s`)
  for (const kind of providerKinds.filter((candidate) => wanted.includes(candidate))) {
    const server = await startServerProcess(kind, latencyMs)
    setProviderEnv(kind, undefined)
    const provider = await makeProvider(kind, 'bench-model', { baseUrl: baseUrlFor(kind, server.origin) })
    const limit = pLimit(concurrency)
    const started = performance.now()
    const transcripts = await Promise.all(
      Array.from({ length: cases }, (_, index) => limit(() => runMiniCase(provider, { id: `case-${index}`, prompt: 'Weather in Paris and London?' }))),
    )
    const wall = performance.now() - started
    const requests = transcripts.reduce((sum, transcript) => sum + transcript.turns.length, 0)
    const serverLog = await server.stop()
    console.log(
      `${kind.padEnd(18)} wall ${(wall / 1000).toFixed(2)} s vs ideal ${(ideal / 1000).toFixed(2)} s ` +
        `(×${(wall / ideal).toFixed(3)}; ${requests} requests${serverLog.includes('violations') ? '; SERVER REJECTED REQUESTS' : ''})`,
    )
  }
}
