// What the loop and conversations benchmarks' measured processes share: plain Node and the built package (dist/),
// as users run it — under the benchmark runner's TypeScript loader every module the run loads lazily would pass
// through the loader's hooks. Runs a suite twice with a scripted model and prints one JSON line per run: the first
// run pays one-off costs (module compilation, JIT warm-up), the second is the steady state.
import { join } from 'node:path'

const { runEvaluation } = await import('../dist/runner/run-evaluation.js')
const { scriptedProvider } = await import('../dist/providers/scripted.js')

/** `emptyUsage` of the built package, for the scripts the benchmarks write. */
export const { emptyUsage } = await import('../dist/core/model-turn.js')

/** CPU seconds (user + system) this process used since `since`. */
function cpuSeconds(since) {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1e6
}

/** Runs the suite in `suiteDir` twice with the scripts (case id → repeats → turns), printing wall, CPU and memory per run. */
export async function runScriptedRounds(suiteDir, scripts) {
  const provider = scriptedProvider('scripted:bench', scripts)
  for (let round = 0; round < 2; round++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    let loaded = { wall: 0, cpu: 0 }
    const outcome = await runEvaluation({
      suitePaths: [suiteDir], models: ['scripted:bench'], providers: [provider], outDir: join(suiteDir, '..', `out-${round}`), concurrency: 16,
      onStart: () => { loaded = { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(cpu) } },
    })
    const wall = (performance.now() - started) / 1000
    const summary = outcome.report.summary[0]
    console.log(JSON.stringify({ round, wall, cpu: cpuSeconds(cpu), loaded, passed: summary?.passed ?? 0, cases: summary?.cases ?? 0, peakRssMiB: process.resourceUsage().maxRSS / 1024 }))
  }
}
