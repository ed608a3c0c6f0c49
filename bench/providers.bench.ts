// 1,000 two-turn cases against a fake API in its own process that answers after 50 ms, 16 cases at a time, for
// each real adapter (real SDK + our retrying fetch). Prints wall time against the ideal
// cases × turns × latency / concurrency, twice: through the full runner (loop, stubs, scoring, journal, report)
// and through the providers alone (a minimal loop), so the overhead of each layer shows. Then the runner once more
// with every request streamed (`stream: true`; the fake answers in each API's event format), with its overhead over
// the plain run: `BENCH_STREAM=only` skips the providers-only pass, `BENCH_STREAM=off` the streamed one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pLimit from 'p-limit'
import { runEvaluation } from '../src/runner/run-evaluation.ts'
import { allProviderKinds, baseUrlFor, makeProvider, runMiniCase, setProviderEnv, type ProviderKind } from '../test/providers/fake/harness.ts'
import { startServerProcess } from '../test/providers/fake/serve-process.ts'

const cases = Number(process.env.BENCH_CASES ?? 1_000)
const concurrency = 16
const latencyMs = 50
const turnsPerCase = 2
const prompt = 'Weather in Paris and London?'
const streamMode = process.env.BENCH_STREAM ?? 'on'

/** Runs the benchmark for every provider kind (or those in BENCH_PROVIDERS, comma-separated). */
export async function run(): Promise<void> {
  const wanted = process.env.BENCH_PROVIDERS?.split(',') ?? allProviderKinds
  const ideal = (cases * turnsPerCase * latencyMs) / concurrency
  console.log(`${cases} cases × ${turnsPerCase} turns × ${latencyMs} ms / concurrency ${concurrency} → ideal ${seconds(ideal)}`)
  const work = mkdtempSync(join(tmpdir(), 'toolgauge-bench-'))
  const suiteDir = writeSuite(work)
  try {
    for (const kind of allProviderKinds.filter((candidate) => wanted.includes(candidate))) {
      const throughRunner = (stream: boolean) => timed(kind, async (origin) => {
        // --base-url is for openai-compatible: models only; the others read their SDK's base-URL variable, as a user's run does.
        setProviderEnv(kind, origin)
        const outcome = await runEvaluation({
          suitePaths: [suiteDir],
          models: [`${kind}:bench-model`],
          outDir: join(work, `out-${kind}${stream ? '-stream' : ''}`),
          concurrency,
          providerOptions: { ...(kind === 'openai-compatible' ? { baseUrl: baseUrlFor(kind, origin) } : {}), ...(stream ? { stream: true } : {}) },
        })
        const passed = outcome.report.results.filter((result) => result.passed).length
        // The streamed pass proves it streamed: every stored turn carries its event timings.
        const timedTurns = outcome.report.results.reduce((sum, result) => sum + result.turns.filter((turn) => turn.stream !== undefined).length, 0)
        return `${passed}/${outcome.report.results.length} passed${stream ? `; ${timedTurns} turns streamed` : ''}`
      })
      const runner = await throughRunner(false)
      if (streamMode !== 'off') {
        const streamed = await throughRunner(true)
        console.log(`${kind.padEnd(18)} runner ${runner.text} | streamed ${streamed.text}, wall ${percent(streamed.wall / runner.wall - 1)}, cpu ${percent(streamed.cpuMs / runner.cpuMs - 1)} over plain`)
      }
      if (streamMode === 'only') continue
      const direct = await timed(kind, async (origin) => {
        const provider = await makeProvider(kind, 'bench-model', { baseUrl: baseUrlFor(kind, origin) })
        const limit = pLimit(concurrency)
        const transcripts = await Promise.all(Array.from({ length: cases }, (_, index) => limit(() => runMiniCase(provider, { id: `c${index}`, prompt }))))
        return `${transcripts.reduce((sum, transcript) => sum + transcript.turns.length, 0)} requests`
      })
      console.log(`${kind.padEnd(18)} runner ${runner.text} | providers only ${direct.text}`)
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }

  function percent(ratio: number): string {
    return `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`
  }

  function seconds(ms: number): string {
    return `${(ms / 1000).toFixed(2)} s`
  }

  async function timed(kind: ProviderKind, body: (origin: string) => Promise<string>): Promise<{ readonly text: string; readonly wall: number; readonly cpuMs: number }> {
    const server = await startServerProcess(kind, latencyMs)
    setProviderEnv(kind, undefined)
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    const note = await body(server.origin)
    const wall = performance.now() - started
    // This process's CPU (the fake API runs in its own): steadier than wall time on a loaded machine.
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000
    const log = await server.stop()
    return { wall, cpuMs, text: `wall ${seconds(wall)}, cpu ${seconds(cpuMs)} (×${(wall / ideal).toFixed(2)} ideal; ${note}${log.includes('violations') ? '; SERVER REJECTED REQUESTS' : ''})` }
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
