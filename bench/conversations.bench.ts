// 1,000 conversation cases (3 user messages each, a call and an answer per message: 6 model turns a case) against
// an in-memory world, through the loop, the conversation driver and the scorers of the built package, with a
// scripted model: model turns per second. The bar is ≥ 5,000 model turns per second on one core. As in
// the loop bench, the wall clock lies on a shared machine, so the CPU time is printed too (turns per CPU-second is
// what the wall figure would be on an idle core), and loading the suite is timed apart from running it.
// On one core: `taskset -c 0 npm run bench -- conversations` (V8's GC threads otherwise add CPU beside the main one).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const child = fileURLToPath(new URL('./conversations-child.mjs', import.meta.url))
const built = fileURLToPath(new URL('../dist/runner/run-evaluation.js', import.meta.url))
const caseCount = Number(process.env.BENCH_CASES ?? 1_000)
const messagesPerCase = 3
const turnsPerCase = messagesPerCase * 2
/** The bar the issue sets (model turns per second on one core). */
const target = 5_000

type Figures = { round: number; wall: number; cpu: number; loaded: { wall: number; cpu: number }; passed: number; cases: number; peakRssMiB: number }

/** The world: a cart whose `add_item` appends to the state (the default snapshot is the state object itself). */
const world = `export function createWorld(state) {
  return {
    add_item({ item }) { state.items.push(item); return { items: state.items.length } },
  }
}
`

export async function run(): Promise<void> {
  if (!existsSync(built)) {
    console.log('skipped: dist/ is missing (run `npm run build` first)')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-bench-conversations-'))
  mkdirSync(join(dir, 'suite'))
  writeFileSync(join(dir, 'suite', 'world.ts'), world)
  const tools = [{ name: 'add_item', description: 'Add an item to the cart', parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'], additionalProperties: false } }]
  writeFileSync(join(dir, 'suite', 'suite.json'), JSON.stringify({
    name: 'bench-conversations',
    tools,
    world: { module: './world.ts', export: 'createWorld' },
    cases: Array.from({ length: caseCount }, (_, i) => ({
      id: `case-${i}`,
      state: { items: [] },
      conversation: Array.from({ length: messagesPerCase }, (_, m) => ({
        user: `Add item ${i}-${m} to my cart.`,
        expect: { calls: [{ name: 'add_item', args: { item: `${i}-${m}` } }], state: { items: Array.from({ length: m + 1 }, (_, k) => `${i}-${k}`) } },
      })),
      expect: { state: { items: { unordered: true, items: Array.from({ length: messagesPerCase }, (_, k) => `${i}-${k}`) } }, max_calls: messagesPerCase },
    })),
  }))
  try {
    const output = execFileSync(process.execPath, [child, join(dir, 'suite'), String(caseCount), String(messagesPerCase)], { encoding: 'utf8' })
    const runs = output.trim().split('\n').map((line) => JSON.parse(line) as Figures)
    console.log(`built package (dist/), plain Node; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`)
    for (const figures of runs) {
      const turns = figures.cases * turnsPerCase
      const running = { wall: figures.wall - figures.loaded.wall, cpu: figures.cpu - figures.loaded.cpu }
      const perCpu = turns / running.cpu
      console.log(`conversations (${figures.round === 0 ? 'first run' : 'second run'}): ${figures.cases} cases × ${messagesPerCase} messages = ${turns} model turns; running ${running.wall.toFixed(2)} s wall / ${running.cpu.toFixed(2)} s CPU → ${(turns / running.wall).toFixed(0)} turns/s wall, ${perCpu.toFixed(0)} turns per CPU-second (target ≥ ${target}: ${perCpu >= target ? 'met' : 'MISSED'}); loading the suite ${figures.loaded.cpu.toFixed(2)} s CPU; ${figures.passed} passed`)
    }
    console.log(`peak RSS ${runs.at(-1)!.peakRssMiB.toFixed(0)} MiB`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
