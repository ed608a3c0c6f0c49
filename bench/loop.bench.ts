// 10,000 scripted cases through the loop and the scorers (no I/O but the journal): cases/s and peak RSS.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runEvaluation } from '../src/runner/run-evaluation.ts'
import { scriptedProvider, type ScriptedTurn } from '../src/providers/scripted.ts'
import { emptyUsage } from '../src/core/model-turn.ts'

const caseCount = 10_000

/** Peak resident set size, sampled, since Node's maxRSS is process-wide and includes start-up. */
function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024
}

export async function run(): Promise<void> {
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
  const started = performance.now()
  const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite')], models: ['scripted:bench'], providers: [provider], outDir: join(dir, 'out'), concurrency: 16 })
  const seconds = (performance.now() - started) / 1000
  const passed = outcome.report.results.filter((result) => result.passed).length
  console.log(`loop+scorers: ${caseCount} scripted cases (2 turns each) in ${seconds.toFixed(2)} s → ${(caseCount / seconds).toFixed(0)} cases/s; ${passed} passed; peak RSS ${peakRssMb().toFixed(0)} MB`)
}
