// --repeat-until on a suite with 80% stable cases (issue 27): 100 cases, 60 that always pass, 20 that always fail,
// 20 flaky ones (each repeat passes with its own probability, drawn from a hash of case and repeat), up to 10
// repeats, a fake model answering at once. Prints the repeats run against cases × N for several min-accuracy
// thresholds, the gate decision, and whether a plain --repeat 10 run decides the same.
// Run: npm run bench -- repeat-until
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Provider } from '../src/core/provider.ts'
import { runEvaluation } from '../src/runner/run-evaluation.ts'

const caseCount = 100
const max = 10

/** The case's pass probability: 0–59 always pass, 60–79 always fail, the rest spread over (0.1, 0.9). */
function passProbability(index: number): number {
  if (index < 60) return 1
  if (index < 80) return 0
  return 0.1 + (0.8 * (index - 80)) / 19
}

/** A fake model: calls get_weather with the right city, or (a failing repeat) the wrong one. */
function provider(): Provider {
  return {
    id: 'scripted:bench',
    async doGenerate({ context }) {
      const index = Number(context.caseId.slice(1))
      const draw = (hash(`${context.caseId}#${context.repeat}`) % 10_000) / 10_000
      const right = draw < passProbability(index)
      const first = context.turn === 0
      return { text: first ? '' : 'Done.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city: right ? `C${index}` : 'Nowhere' }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, latencyMs: 0 }
    },
  }
}

/** A string's 32-bit FNV-1a hash: the same draw for the same case and repeat in both runs. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'toolgauge-bench-until-'))
  try {
    writeFileSync(join(work, 'tools.json'), JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]))
    const lines = ['name: until', 'tools: ./tools.json', 'cases:']
    for (let index = 0; index < caseCount; index++) lines.push(`  - { id: c${index}, prompt: Weather in C${index}?, expect: { calls: [{ name: get_weather, args: { city: C${index} } }] } }`)
    writeFileSync(join(work, 'suite.yaml'), lines.join('\n'))
    console.log(`${caseCount} cases (80% stable), up to ${max} repeats: ${caseCount * max} planned`)
    for (const threshold of [0.3, 0.5, 0.6, 0.65, 0.7]) {
      const gates = [{ type: 'min-accuracy' as const, threshold }]
      const started = performance.now()
      const until = await runEvaluation({ suitePaths: [work], models: ['scripted:bench'], providers: [provider()], outDir: join(work, `until-${threshold}`), concurrency: 8, repeatUntil: max, gates })
      const ms = performance.now() - started
      const full = await runEvaluation({ suitePaths: [work], models: ['scripted:bench'], providers: [provider()], outDir: join(work, `full-${threshold}`), concurrency: 8, repeat: max, gates })
      const record = until.report.run.repeatUntil as { repeatsRun: number; planned: number; casesStopped: number; reopened: number }
      const mean = Number(until.report.summary[0]!.caseMeanAccuracy)
      console.log(`min-accuracy ${threshold}: ${record.repeatsRun}/${record.planned} repeats run (${(100 * (1 - record.repeatsRun / record.planned)).toFixed(0)}% saved), ${record.casesStopped} cases stopped, ${record.reopened} re-opened, mean of case rates ${mean.toFixed(3)}, gate ${until.gates[0]!.passed ? 'passed' : 'failed'} (--repeat ${max}: ${full.gates[0]!.passed ? 'passed' : 'failed'}), ${ms.toFixed(0)} ms`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
