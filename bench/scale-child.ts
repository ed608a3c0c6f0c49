// One measured run in its own process (peak RSS is per process): `scale-child.ts scripted <cases>` runs a
// one-call suite against a model answering each case from its id; `scale-child.ts loopback <cases> <origin>`
// runs a two-turn suite through the real `openai:` adapter against a fake API at <origin>. Prints one JSON line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { emptyUsage } from '../src/core/model-turn.ts'
import type { Provider } from '../src/core/provider.ts'
import { runEvaluation } from '../src/runner/run-evaluation.ts'

const [mode = 'scripted', countText = '1000', origin] = process.argv.slice(2)
const cases = Number(countText)

/** A scripted model that needs no per-case script in memory: it calls get_weather with the city in the case id. */
const generated: Provider = {
  id: 'scripted:generated',
  async doGenerate(request) {
    const city = `City${request.context.caseId.slice('case-'.length)}`
    return request.context.turn === 0
      ? { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }], finishReason: { unified: 'tool-calls', raw: 'scripted' }, usage: emptyUsage, latencyMs: 0 }
      : { text: 'It is sunny.', toolCalls: [], finishReason: { unified: 'stop', raw: 'scripted' }, usage: emptyUsage, latencyMs: 0 }
  },
}

// openai: reads its base URL from the environment (--base-url is for openai-compatible: only).
if (mode === 'loopback') process.env.OPENAI_BASE_URL = `${origin}/v1`
const dir = mkdtempSync(join(tmpdir(), 'toolgauge-scale-'))
try {
  mkdirSync(join(dir, 'suite'))
  const tools = [
    { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } },
    { name: 'get_time', description: 'Time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  ]
  writeFileSync(join(dir, 'suite', 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite', 'suite.json'), JSON.stringify({
    name: 'scale',
    tools: './tools.json',
    stubs: { get_weather: [{ result: { sky: 'sunny' } }] },
    cases: Array.from({ length: cases }, (_, i) => ({
      id: `case-${i}`,
      prompt: mode === 'loopback' ? 'Weather in Paris and London?' : `What is the weather in city ${i}?`,
      expect: mode === 'loopback' ? { calls: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_weather', args: { city: 'London' } }] } : { calls: [{ name: 'get_weather', args: { city: `City${i}` } }], final: { contains: ['sunny'] } },
    })),
  }))
  let rssAtStart = 0
  const started = performance.now()
  const outcome = await runEvaluation({
    suitePaths: [join(dir, 'suite')],
    models: [mode === 'loopback' ? 'openai:bench-model' : generated.id],
    ...(mode === 'loopback' ? {} : { providers: [generated] }),
    outDir: join(dir, 'out'),
    concurrency: 16,
    onStart: () => { rssAtStart = process.resourceUsage().maxRSS / 1024 },
  })
  const seconds = (performance.now() - started) / 1000
  const summary = outcome.report.summary[0]!
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const heapMiB = gc ? process.memoryUsage().heapUsed / 2 ** 20 : undefined
  console.log(JSON.stringify({ mode, cases, seconds, casesPerSecond: cases / seconds, passed: summary.passed, maxRssMiB: process.resourceUsage().maxRSS / 1024, ...(heapMiB !== undefined ? { heapAfterGcMiB: heapMiB } : {}), maxRssAfterLoadMiB: rssAtStart, firstFailure: [...outcome.eachResult()].find((r) => !r.passed)?.failures[0]?.message }))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
