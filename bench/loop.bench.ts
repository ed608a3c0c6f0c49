// 10,000 scripted cases through the loop and the scorers of the built package (no I/O but the journal and
// report.json): cases/s and peak RSS. On a shared machine the wall clock lies, so the CPU time the process used is
// printed too: cases per CPU-second is what the wall figure would be on an idle core. Loading the suite is timed apart from running it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The built package (dist/, `npm run build` first) in a plain Node process (bench/loop-child.mjs), as users run it:
// from the sources, or under this runner's TypeScript loader, the first run would also time compiling or hooking
// every module the run loads lazily (providers, tokens, reporters).
const child = fileURLToPath(new URL('./loop-child.mjs', import.meta.url))
const built = fileURLToPath(new URL('../dist/runner/run-evaluation.js', import.meta.url))
const caseCount = Number(process.env.BENCH_CASES ?? 10_000)

type Figures = { round: number; wall: number; cpu: number; loaded: { wall: number; cpu: number }; passed: number; peakRssMiB: number }

export async function run(): Promise<void> {
  if (!existsSync(built)) {
    console.log('skipped: dist/ is missing (run `npm run build` first)')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-bench-'))
  const tools = [
    { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } } },
    { type: 'function', function: { name: 'get_time', description: 'Time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  ]
  mkdirSync(join(dir, 'suite'))
  writeFileSync(join(dir, 'suite', 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite', 'suite.json'), JSON.stringify({
    name: 'bench',
    tools: './tools.json',
    stubs: { get_weather: [{ result: { sky: 'sunny' } }] },
    cases: Array.from({ length: caseCount }, (_, i) => ({
      id: `case-${i}`,
      prompt: `What is the weather in city ${i}?`,
      expect: { calls: [{ name: 'get_weather', args: { city: `City${i}`, unit: ['', 'c'] } }], final: { contains: ['sunny'] } },
    })),
  }))
  try {
    const output = execFileSync(process.execPath, [child, join(dir, 'suite'), String(caseCount)], { encoding: 'utf8' })
    const runs = output.trim().split('\n').map((line) => JSON.parse(line) as Figures)
    console.log(`built package (dist/), plain Node; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`)
    for (const figures of runs) {
      const running = { wall: figures.wall - figures.loaded.wall, cpu: figures.cpu - figures.loaded.cpu }
      console.log(`loop+scorers (${figures.round === 0 ? 'first run' : 'second run'}): ${caseCount} scripted cases (2 turns each) in ${figures.wall.toFixed(2)} s wall / ${figures.cpu.toFixed(2)} s CPU → ${(caseCount / figures.wall).toFixed(0)} cases/s wall, ${(caseCount / figures.cpu).toFixed(0)} cases per CPU-second; loading the suite ${figures.loaded.cpu.toFixed(2)} s CPU, running ${(caseCount / running.cpu).toFixed(0)} cases per CPU-second; ${figures.passed} passed`)
    }
    console.log(`peak RSS ${runs.at(-1)!.peakRssMiB.toFixed(0)} MiB`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
