// One measured run in its own process (peak RSS is per process), against the built package (dist/, as users run
// it; the TypeScript loader the sources need would add its own memory) with Node's default flags, as the CLI runs: `scale-child.mjs scripted <suiteDir>` runs
// a one-call suite against a model answering each case from its id; `scale-child.mjs loopback <suiteDir> <origin>`
// runs a two-turn suite through the real `openai:` adapter against a fake API at <origin>. The suite is written by
// the parent, so its generation costs this process nothing. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const [mode = 'scripted', suiteDir = '', origin] = process.argv.slice(2)
const { runEvaluation } = await import('../dist/runner/run-evaluation.js')
const emptyUsage = { input: 0, output: 0 }

/** A scripted model that needs no per-case script in memory: it calls get_weather with the city in the case id. */
const generated = {
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
const out = mkdtempSync(join(tmpdir(), 'toolgauge-scale-out-'))
try {
  let rssAtStart = 0
  let cases = 0
  const started = performance.now()
  const outcome = await runEvaluation({
    suitePaths: [suiteDir],
    models: [mode === 'loopback' ? 'openai:bench-model' : generated.id],
    ...(mode === 'loopback' ? {} : { providers: [generated] }),
    outDir: out,
    concurrency: 16,
    onStart: ({ total }) => {
      rssAtStart = process.resourceUsage().maxRSS / 1024
      cases = total
    },
  })
  const seconds = (performance.now() - started) / 1000
  const summary = outcome.report.summary[0]
  let firstFailure
  for (const result of outcome.eachResult()) {
    if (!result.passed) {
      firstFailure = result.failures[0]?.message
      break
    }
  }
  console.log(JSON.stringify({ mode, cases, seconds, casesPerSecond: cases / seconds, passed: summary.passed, maxRssMiB: process.resourceUsage().maxRSS / 1024, maxRssAfterLoadMiB: rssAtStart, firstFailure }))
} finally {
  rmSync(out, { recursive: true, force: true })
}
