// 1,000 two-turn cases against a fake API in its own process that answers after 50 ms, 16 cases at a time, for
// each real adapter (real SDK + our retrying fetch). Prints wall time against the ideal
// cases × turns × latency / concurrency, twice: through the full runner (loop, stubs, scoring, journal, report)
// and through the providers alone (a minimal loop), so the overhead of each layer shows.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pLimit from 'p-limit'
import { runEvaluation } from '../src/runner/run-evaluation.ts'
import { baseUrlFor, makeProvider, providerKinds, runMiniCase, setProviderEnv, type ProviderKind } from '../test/providers/fake/harness.ts'
import { startServerProcess } from '../test/providers/fake/serve-process.ts'

const cases = Number(process.env.BENCH_CASES ?? 1_000)
const concurrency = 16
const latencyMs = 50
const turnsPerCase = 2
const prompt = 'Weather in Paris and London?'

/** Runs the benchmark for every provider kind (or those in BENCH_PROVIDERS, comma-separated). */
export async function run(): Promise<void> {
  const wanted = process.env.BENCH_PROVIDERS?.split(',') ?? providerKinds
  const ideal = (cases * turnsPerCase * latencyMs) / concurrency
  console.log(`${cases} cases × ${turnsPerCase} turns × ${latencyMs} ms / concurrency ${concurrency} → ideal ${seconds(ideal)}`)
  const work = mkdtempSync(join(tmpdir(), 'toolgauge-bench-'))
  const suiteDir = writeSuite(work)
  try {
    for (const kind of providerKinds.filter((candidate) => wanted.includes(candidate))) {
      const runner = await timed(kind, async (origin) => {
        // --base-url is for openai-compatible: models only; the others read their SDK's base-URL variable, as a user's run does.
        setProviderEnv(kind, origin)
        const outcome = await runEvaluation({
          suitePaths: [suiteDir],
          models: [`${kind}:bench-model`],
          outDir: join(work, `out-${kind}`),
          concurrency,
          ...(kind === 'openai-compatible' ? { providerOptions: { baseUrl: baseUrlFor(kind, origin) } } : {}),
        })
        const passed = outcome.report.results.filter((result) => result.passed).length
        return `${passed}/${outcome.report.results.length} passed`
      })
      const direct = await timed(kind, async (origin) => {
        const provider = await makeProvider(kind, 'bench-model', { baseUrl: baseUrlFor(kind, origin) })
        const limit = pLimit(concurrency)
        const transcripts = await Promise.all(Array.from({ length: cases }, (_, index) => limit(() => runMiniCase(provider, { id: `c${index}`, prompt }))))
        return `${transcripts.reduce((sum, transcript) => sum + transcript.turns.length, 0)} requests`
      })
      console.log(`${kind.padEnd(18)} runner ${runner} | providers only ${direct}`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }

  function seconds(ms: number): string {
    return `${(ms / 1000).toFixed(2)} s`
  }

  async function timed(kind: ProviderKind, body: (origin: string) => Promise<string>): Promise<string> {
    const server = await startServerProcess(kind, latencyMs)
    setProviderEnv(kind, undefined)
    const started = performance.now()
    const note = await body(server.origin)
    const wall = performance.now() - started
    const log = await server.stop()
    return `wall ${seconds(wall)} (×${(wall / ideal).toFixed(2)} ideal; ${note}${log.includes('violations') ? '; SERVER REJECTED REQUESTS' : ''})`
  }
}

/** A suite of `cases` identical two-turn cases the fake weather model answers with two parallel calls, then text. */
function writeSuite(work: string): string {
  const dir = join(work, 'suite')
  const lines = [
    'name: provider-bench',
    'tools:',
    '  - name: get_weather',
    '    description: Current weather for a city',
    '    parameters: { type: object, properties: { city: { type: string } }, required: [city] }',
    'stubs:',
    '  get_weather:',
    '    - result: { temperature: 18 }',
    'cases:',
    ...Array.from({ length: cases }, (_, index) => [
      `  - id: case-${index}`,
      `    prompt: ${prompt}`,
      '    expect:',
      '      calls: [{ name: get_weather, args: { city: Paris } }, { name: get_weather, args: { city: London } }]',
    ]).flat(),
  ]
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'suite.yaml'), `${lines.join('\n')}\n`)
  return dir
}
