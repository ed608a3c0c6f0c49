// Memory and throughput at scale (issue 12), each figure from a process of its own (peak RSS is per process), with
// a bare `node -e 0` measured the same way beside them: a scripted one-call suite at 1,000 and 20,000 cases, its
// cases in a JSON Lines case file (budget: peak RSS at 20k ≤ 256 MiB), and 1,000 two-turn cases through the real `openai:`
// adapter against a fake API in another process answering after 50 ms, 16 at a time (budget: ≤ 150 MiB).
// The runs use the built package (dist/, `npm run build` first) with Node's default flags, as `toolgauge run` runs
// (a scripted model answering from the case id needs no per-case script in memory); the same one-call suite also
// goes through the executable itself (`toolgauge run --model baseline`, its peak RSS written at exit by a preloaded
// hook, bench/scale-rss-hook.mjs). The suites are written here, outside the measured processes.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openaiKey } from '../test/providers/fake/harness.ts'
import { startServerProcess } from '../test/providers/fake/serve-process.ts'

const child = fileURLToPath(new URL('./scale-child.mjs', import.meta.url))
const built = fileURLToPath(new URL('../dist/runner/run-evaluation.js', import.meta.url))
const cli = fileURLToPath(new URL('../dist/cli/toolgauge.js', import.meta.url))
const rssHook = fileURLToPath(new URL('./scale-rss-hook.mjs', import.meta.url))

type Figures = { cases: number; seconds: number; casesPerSecond: number; passed: number; maxRssMiB: number; maxRssAfterLoadMiB: number; firstFailure?: string }

function measure(mode: 'scripted' | 'loopback', suiteDir: string, origin?: string): Figures {
  const output = execFileSync(process.execPath, [child, mode, suiteDir, ...(origin ? [origin] : [])], { encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: openaiKey } })
  return JSON.parse(output.trim().split('\n').at(-1)!) as Figures
}

/** Peak RSS (MiB) and wall seconds of `toolgauge run <suiteDir> --model baseline`, the packaged executable as users start it. */
function measureCli(root: string, suiteDir: string): { maxRssMiB: number; seconds: number } {
  const rssFile = join(root, 'cli-rss')
  const started = performance.now()
  const run = spawnSync(process.execPath, ['--import', rssHook, cli, 'run', suiteDir, '--model', 'baseline', '--out', join(root, 'cli-out')], { encoding: 'utf8', env: { ...process.env, CI: 'true', TOOLGAUGE_BENCH_RSS_FILE: rssFile } })
  const seconds = (performance.now() - started) / 1000
  // Exit 1: baseline fails some cases, which is no concern here; anything else is.
  if (run.status !== 0 && run.status !== 1) throw new Error(`toolgauge run exited ${run.status}: ${run.stderr}`)
  return { maxRssMiB: Number(readFileSync(rssFile, 'utf8')), seconds }
}

function bareNodeRss(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.resourceUsage().maxRSS / 1024))'], { encoding: 'utf8' }))
}

/** A one-call suite (scripted: its cases in `cases.jsonl`, as a large suite is written) or a two-turn one (loopback, a .json suite). */
function writeSuite(root: string, mode: 'scripted' | 'loopback', cases: number): string {
  const dir = join(root, `${mode}-${cases}`)
  mkdirSync(dir, { recursive: true })
  const tools = [
    { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } },
    { name: 'get_time', description: 'Time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  ]
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  const caseList = Array.from({ length: cases }, (_, i) => ({
    id: `case-${i}`,
    prompt: mode === 'loopback' ? 'Weather in Paris and London?' : `What is the weather in city ${i}?`,
    expect: mode === 'loopback' ? { calls: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_weather', args: { city: 'London' } }] } : { calls: [{ name: 'get_weather', args: { city: `City${i}` } }], final: { contains: ['sunny'] } },
  }))
  if (mode === 'scripted') writeFileSync(join(dir, 'cases.jsonl'), caseList.map((testCase) => `${JSON.stringify(testCase)}\n`).join(''))
  writeFileSync(join(dir, 'suite.json'), JSON.stringify({
    name: 'scale',
    tools: './tools.json',
    stubs: { get_weather: [{ result: { sky: 'sunny' } }] },
    cases: mode === 'scripted' ? './cases.jsonl' : caseList,
  }))
  return dir
}

export async function run(): Promise<void> {
  if (!existsSync(built)) {
    console.log('skipped: dist/ is missing (run `npm run build` first)')
    return
  }
  const root = mkdtempSync(join(tmpdir(), 'toolgauge-scale-'))
  try {
    const bare = bareNodeRss()
    const smallSuite = writeSuite(root, 'scripted', 1000)
    const largeSuite = writeSuite(root, 'scripted', 20000)
    const small = measure('scripted', smallSuite)
    const large = measure('scripted', largeSuite)
    const line = (f: Figures) => `${String(f.cases).padStart(6)} cases: peak RSS ${f.maxRssMiB.toFixed(0)} MiB (after loading the suite ${f.maxRssAfterLoadMiB.toFixed(0)} MiB), ${f.casesPerSecond.toFixed(0)} cases/s wall, ${f.passed} passed${f.firstFailure ? ` (first failure: ${f.firstFailure})` : ''}`
    console.log(`built package (dist/), Node's default flags; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`)
    console.log(`node -e 0: peak RSS ${bare.toFixed(0)} MiB`)
    console.log(`scripted one-call suite, cases in a JSON Lines case file:\n  ${line(small)}\n  ${line(large)}\n  RSS@20k ${large.maxRssMiB <= 256 ? '≤' : '>'} 256 MiB (budget ≤ 256 MiB)`)
    if (existsSync(cli)) {
      const [cliSmall, cliLarge] = [measureCli(root, smallSuite), measureCli(root, largeSuite)]
      const cliLine = (cases: number, figures: { maxRssMiB: number; seconds: number }) => `${String(cases).padStart(6)} cases: peak RSS ${figures.maxRssMiB.toFixed(0)} MiB, ${figures.seconds.toFixed(2)} s wall (whole process, reports and console output included)`
      console.log(`the same suite through the executable (\`toolgauge run --model baseline\`, dist/cli/toolgauge.js):\n  ${cliLine(1000, cliSmall)}\n  ${cliLine(20000, cliLarge)}`)
    }
    const server = await startServerProcess('openai', 50)
    try {
      const loopback = measure('loopback', writeSuite(root, 'loopback', 1000), server.origin)
      console.log(`openai: vs loopback API (50 ms, concurrency 16):\n  ${line(loopback)} (budget ≤ 150 MiB)`)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
