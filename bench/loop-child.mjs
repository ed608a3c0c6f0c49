// The loop benchmark's measured process (bench/loop.bench.ts writes the suite and starts it): plain Node and the
// built package (dist/), as users run it — under the benchmark runner's TypeScript loader, every module the run
// loads lazily would pass through the loader's hooks. Runs the suite twice with a scripted model and prints one
// JSON line per run.
import { join } from 'node:path'

const [suiteDir = '', count = '0'] = process.argv.slice(2)
const caseCount = Number(count)
const { runEvaluation } = await import('../dist/runner/run-evaluation.js')
const { scriptedProvider } = await import('../dist/providers/scripted.js')
const { emptyUsage } = await import('../dist/core/model-turn.js')

/** CPU seconds (user + system) this process used since `since`. */
function cpuSeconds(since) {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1e6
}

// Every 10th case calls with a hallucinated parameter, so the failure paths are exercised too.
const scripts = new Map(Array.from({ length: caseCount }, (_, i) => [`case-${i}`, [[
  { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify(i % 10 === 0 ? { city: `City${i}`, country: 'x' } : { city: `City${i}` }) }], usage: emptyUsage },
  { text: 'It is sunny.', toolCalls: [], usage: emptyUsage },
]]]))
const provider = scriptedProvider('scripted:bench', scripts)
// Twice: the first run pays one-off costs (module compilation, JIT warm-up), the second is the steady state.
for (let round = 0; round < 2; round++) {
  const cpu = process.cpuUsage()
  const started = performance.now()
  let loaded = { wall: 0, cpu: 0 }
  const outcome = await runEvaluation({
    suitePaths: [suiteDir], models: ['scripted:bench'], providers: [provider], outDir: join(suiteDir, '..', `out-${round}`), concurrency: 16,
    onStart: () => { loaded = { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(cpu) } },
  })
  const wall = (performance.now() - started) / 1000
  console.log(JSON.stringify({ round, wall, cpu: cpuSeconds(cpu), loaded, passed: outcome.report.summary[0]?.passed ?? 0, peakRssMiB: process.resourceUsage().maxRSS / 1024 }))
}
