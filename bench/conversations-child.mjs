// The conversations benchmark's measured process (bench/conversations.bench.ts writes the suite and starts it):
// plain Node and the built package (dist/). Runs the suite twice with a scripted model (a call and an answer per
// user message, consumed in order across the conversation) and prints one JSON line per run.
import { join } from 'node:path'

const [suiteDir = '', count = '0', perCase = '3'] = process.argv.slice(2)
const caseCount = Number(count)
const messages = Number(perCase)
const { runEvaluation } = await import('../dist/runner/run-evaluation.js')
const { scriptedProvider } = await import('../dist/providers/scripted.js')
const { emptyUsage } = await import('../dist/core/model-turn.js')

/** CPU seconds (user + system) this process used since `since`. */
function cpuSeconds(since) {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1e6
}

const scripts = new Map(Array.from({ length: caseCount }, (_, i) => [`case-${i}`, [Array.from({ length: messages }, (_, m) => [
  { text: '', toolCalls: [{ id: `c${m}`, name: 'add_item', rawArguments: JSON.stringify({ item: `${i}-${m}` }) }], usage: emptyUsage },
  { text: 'Added.', toolCalls: [], usage: emptyUsage },
]).flat()]]))
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
  const summary = outcome.report.summary[0]
  console.log(JSON.stringify({ round, wall, cpu: cpuSeconds(cpu), loaded, passed: summary?.passed ?? 0, cases: summary?.cases ?? 0, peakRssMiB: process.resourceUsage().maxRSS / 1024 }))
}
