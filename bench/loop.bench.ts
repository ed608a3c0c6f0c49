// 10,000 scripted cases through the loop and the scorers of the built package (no I/O but the journal and
// report.json): cases/s and peak RSS. On a shared machine the wall clock lies, so the CPU time the process used is printed too: cases per
// CPU-second is what the wall figure would be on an idle core. Loading the suite is timed apart from running it.
import { existsSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ScriptedTurn } from '../src/providers/scripted.ts'

// The built package (dist/, `npm run build` first), as users run it: from the sources, the first run would also
// time tsx compiling every module the run loads lazily (providers, tokens, reporters).
const dist = (path: string) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url))

const caseCount = Number(process.env.BENCH_CASES ?? 10_000)

/** Peak resident set size, sampled, since Node's maxRSS is process-wide and includes start-up. */
function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024
}

/** CPU seconds (user + system) this process used since `since`. */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1e6
}

export async function run(): Promise<void> {
  if (!existsSync(dist('runner/run-evaluation.js'))) {
    console.log('skipped: dist/ is missing (run `npm run build` first)')
    return
  }
  const { runEvaluation } = (await import(dist('runner/run-evaluation.js'))) as typeof import('../src/runner/run-evaluation.ts')
  const { scriptedProvider } = (await import(dist('providers/scripted.js'))) as typeof import('../src/providers/scripted.ts')
  const { emptyUsage } = (await import(dist('core/model-turn.js'))) as typeof import('../src/core/model-turn.ts')
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-bench-'))
  const tools = [
    { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } } },
    { type: 'function', function: { name: 'get_time', description: 'Time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  ]
  mkdirSync(join(dir, 'suite'))
  writeFileSync(join(dir, 'suite', 'tools.json'), JSON.stringify(tools))
  const cases = Array.from({ length: caseCount }, (_, i) => ({
    id: `case-${i}`,
    prompt: `What is the weather in city ${i}?`,
    expect: { calls: [{ name: 'get_weather', args: { city: `City${i}`, unit: ['', 'c'] } }], final: { contains: ['sunny'] } },
  }))
  writeFileSync(join(dir, 'suite', 'suite.json'), JSON.stringify({
    name: 'bench',
    tools: './tools.json',
    stubs: { get_weather: [{ result: { sky: 'sunny' } }] },
    cases,
  }))
  // Every 10th case calls with a hallucinated parameter, so the failure paths are exercised too.
  const scripts = new Map<string, ScriptedTurn[][]>(cases.map((testCase, i) => [testCase.id, [[
    { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify(i % 10 === 0 ? { city: `City${i}`, country: 'x' } : { city: `City${i}` }) }], usage: emptyUsage },
    { text: 'It is sunny.', toolCalls: [], usage: emptyUsage },
  ]]]))
  const provider = scriptedProvider('scripted:bench', scripts)
  const runs = []
  // Twice: the first run pays one-off costs (the tokenizer's ranks, module compilation), the second is the steady state.
  for (let round = 0; round < 2; round++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    let loaded = { wall: 0, cpu: 0 }
    const outcome = await runEvaluation({
      suitePaths: [join(dir, 'suite')], models: ['scripted:bench'], providers: [provider], outDir: join(dir, `out-${round}`), concurrency: 16,
      onStart: () => { loaded = { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(cpu) } },
    })
    const wall = (performance.now() - started) / 1000
    runs.push({ wall, cpu: cpuSeconds(cpu), loaded, passed: outcome.report.summary[0]?.passed ?? 0 })
  }
  for (const [round, figures] of runs.entries()) {
    const running = { wall: figures.wall - figures.loaded.wall, cpu: figures.cpu - figures.loaded.cpu }
    console.log(`loop+scorers (${round === 0 ? 'first run' : 'second run'}): ${caseCount} scripted cases (2 turns each) in ${figures.wall.toFixed(2)} s wall / ${figures.cpu.toFixed(2)} s CPU → ${(caseCount / figures.wall).toFixed(0)} cases/s wall, ${(caseCount / figures.cpu).toFixed(0)} cases per CPU-second; loading the suite ${figures.loaded.cpu.toFixed(2)} s CPU, running ${(caseCount / running.cpu).toFixed(0)} cases per CPU-second; ${figures.passed} passed`)
  }
  console.log(`peak RSS ${peakRssMb().toFixed(0)} MB`)
}
