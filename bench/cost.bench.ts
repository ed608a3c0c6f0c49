// What each cost lever saves on the bundled suites (issue 27; README "Cutting the cost of a run"). The suites
// `npm start` runs — weather, calendar, files and banking with --min-accuracy 0.75, retail with --min-accuracy 0 —
// go through the built CLI (dist/: `npm run build` first) to loopback stand-ins of each protocol family, one priced
// model each. The stand-ins play the baseline model (test/providers/fake/baseline-behaviour.ts) and bill prompt
// tokens and prompt caching by the providers' published rules (test/providers/fake/prompt-cache.ts). Per lever it
// prints the USD report.json gives (the shipped price table) and the generation requests the stand-in answered:
// plain vs --cache-tools, --repeat 5 vs --repeat-until 5 (the same gates; again with the four suites gated at 0.5),
// plain vs --batch (and --batch --cache-tools); then plain vs
// --cache-tools once more on the weather suite with its tool definitions padded past every minimum cacheable
// length, to show where caching starts to pay. Each run gets a fresh stand-in (an empty cache).
// Run: npm run bench -- cost
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { baselineModel } from '../test/providers/fake/baseline-behaviour.ts'
import { anthropicBatchApi } from '../test/providers/fake/batch/anthropic-batch-api.ts'
import { geminiBatchApi } from '../test/providers/fake/batch/gemini-batch-api.ts'
import { batchLifecycle } from '../test/providers/fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../test/providers/fake/batch/openai-batch-api.ts'
import { baseUrlEnvFor, baseUrlFor, keyEnvFor, keyFor, type ProviderKind } from '../test/providers/fake/harness.ts'
import { startLoopback } from '../test/providers/fake/loopback.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = join(root, 'dist/cli/toolgauge.js')

/** One model per protocol family, each with a row in the shipped price table (Gemini has none yet: unpriced). */
const families: readonly { readonly kind: ProviderKind; readonly model: string }[] = [
  { kind: 'openai', model: 'gpt-4.1' },
  { kind: 'openai-responses', model: 'gpt-4.1' },
  { kind: 'anthropic', model: 'claude-sonnet-4-6' },
  { kind: 'google', model: 'gemini-2.5-flash' },
]

/** The two invocations of `npm start`: its suites and gates. */
const bundled: readonly { readonly suites: readonly string[]; readonly minAccuracy: string }[] = [
  { suites: ['suites/weather', 'suites/calendar', 'suites/files', 'suites/banking'], minAccuracy: '0.75' },
  { suites: ['suites/retail'], minAccuracy: '0' },
]

/** What one lever's run came to, summed over the invocations. */
type Tally = { usd: number; uncachedUsd: number; priced: boolean; requests: number; results: number; passed: number; cacheRead: number; cacheWrite: number; toolTokensPerRequest: number; gates: string[] }

type Summary = { cost?: { priced?: boolean; usd?: number; uncachedUsd?: number }; usage: { cacheRead: number; cacheWrite: number }; toolTokens?: { perRequest?: number } }
type Report = { summary: Summary[]; results: { passed: boolean }[] }

/** A stand-in that answers direct and batch requests of its protocol; `generated()` counts the generation requests answered. */
async function standIn(kind: ProviderKind) {
  const lifecycle = batchLifecycle({ pollsInProgress: 1 })
  const handler = kind === 'anthropic' ? anthropicBatchApi(baselineModel, { lifecycle }) : kind === 'google' ? geminiBatchApi(baselineModel, { lifecycle }) : openAiBatchStandIn(kind as 'openai' | 'openai-responses', baselineModel, lifecycle)
  const server = await startLoopback(handler)
  return { server, generated: () => handler.direct.conversations.length, violations: () => handler.direct.violations }
}

/** Runs the CLI once against a fresh stand-in; returns the report and what the stand-in answered. */
async function runOnce(kind: ProviderKind, model: string, suites: readonly string[], flags: readonly string[], out: string): Promise<{ report: Report; requests: number; code: number | null }> {
  const fake = await standIn(kind)
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', [baseUrlEnvFor(kind)]: baseUrlFor(kind, fake.server.origin), [keyEnvFor(kind)]: keyFor(kind) }
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'run', ...suites, '--model', `${kind}:${model}`, '--out', out, ...flags], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.on('close', (exit) => resolve({ code: exit, stderr }))
    })
    if (code !== 0 && code !== 1) throw new Error(`toolgauge run ${flags.join(' ')} against the ${kind} stand-in exited ${code}: ${stderr.slice(0, 800)}`)
    if (fake.violations().length > 0) throw new Error(`the ${kind} stand-in refused requests: ${fake.violations().slice(0, 3).join('; ')}`)
    return { report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report, requests: fake.generated(), code }
  } finally {
    await fake.server.close()
  }
}

/** One lever's run over the given invocations, tallied. */
async function lever(kind: ProviderKind, model: string, invocations: readonly { suites: readonly string[]; minAccuracy: string }[], flags: readonly string[], work: string): Promise<Tally> {
  const tally: Tally = { usd: 0, uncachedUsd: 0, priced: true, requests: 0, results: 0, passed: 0, cacheRead: 0, cacheWrite: 0, toolTokensPerRequest: 0, gates: [] }
  for (const [index, invocation] of invocations.entries()) {
    const out = join(work, `${kind}-${flags.join('').replace(/[^a-z0-9]+/gi, '-') || 'plain'}-${index}`)
    const { report, requests, code } = await runOnce(kind, model, invocation.suites, [...flags, '--min-accuracy', invocation.minAccuracy], out)
    for (const row of report.summary) {
      if (row.cost?.priced !== true) tally.priced = false
      tally.usd += row.cost?.usd ?? 0
      tally.uncachedUsd += row.cost?.uncachedUsd ?? row.cost?.usd ?? 0
      tally.cacheRead += row.usage.cacheRead
      tally.cacheWrite += row.usage.cacheWrite
      tally.toolTokensPerRequest = Math.max(tally.toolTokensPerRequest, row.toolTokens?.perRequest ?? 0)
    }
    tally.requests += requests
    tally.results += report.results.length
    tally.passed += report.results.filter((result) => result.passed).length
    tally.gates.push(code === 0 ? 'pass' : 'fail')
  }
  return tally
}

function usd(tally: Tally): string {
  return tally.priced ? `$${tally.usd.toFixed(4)}` : 'unpriced'
}

function saved(base: Tally, lever: Tally): string {
  if (!base.priced || !lever.priced || base.usd === 0) return `requests ${percent(1 - lever.requests / base.requests)} fewer`
  return `${percent(1 - lever.usd / base.usd)} of the USD saved, requests ${percent(1 - lever.requests / base.requests)} fewer`
}

function percent(fraction: number): string {
  return `${(100 * fraction).toFixed(1)}%`
}

function line(label: string, tally: Tally): string {
  const cache = tally.cacheRead > 0 || tally.cacheWrite > 0 ? `, cache read/write ${tally.cacheRead}/${tally.cacheWrite} tok (uncached $${tally.uncachedUsd.toFixed(4)})` : ''
  return `  ${label.padEnd(19)} ${usd(tally).padStart(9)}  ${String(tally.requests).padStart(5)} requests  ${tally.passed}/${tally.results} passed, gates ${tally.gates.join('/')}${cache}`
}

/** The newest modification time under `dir`: a dist/ older than src/ would bench yesterday's code. */
function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

/** The weather suite with every tool description padded, so the tool definitions alone pass every minimum cacheable length. */
function paddedWeather(work: string): string {
  const dir = join(work, 'weather-padded')
  cpSync(join(root, 'suites/weather'), dir, { recursive: true })
  // tools.json mixes the OpenAI form ({ type: function, function: {…} }) and the plain one.
  const tools = JSON.parse(readFileSync(join(dir, 'tools.json'), 'utf8')) as { function?: { description: string }; description?: string }[]
  const padding = ' Answer from the service only; never guess a value the service did not return, and name the city as the user wrote it.'.repeat(30)
  for (const tool of tools) {
    const definition = (tool.function ?? tool) as { description?: string }
    definition.description = `${definition.description ?? ''}${padding}`
  }
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools, null, 2))
  return dir
}

/** Prints the figures. */
export async function run(): Promise<void> {
  if (newest(join(root, 'src')) > statSync(cli).mtimeMs) console.log('warning: src/ is newer than dist/ — run `npm run build` first, or this measures the old CLI')
  const work = mkdtempSync(join(tmpdir(), 'toolgauge-bench-cost-'))
  const batchFlags = ['--batch', '--batch-poll', '0.05']
  try {
    console.log(`bundled suites as npm start runs them (${bundled.map((each) => `${each.suites.join(' ')} --min-accuracy ${each.minAccuracy}`).join('; ')}); load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`)
    for (const { kind, model } of families) {
      console.log(`${kind}:${model}`)
      const plain = await lever(kind, model, bundled, [], work)
      const cached = await lever(kind, model, bundled, ['--cache-tools'], work)
      console.log(line('plain', plain))
      console.log(line('--cache-tools', cached) + `  → ${saved(plain, cached)} (tool definitions ≤ ${Math.round(plain.toolTokensPerRequest)} tok/request)`)
      const repeat = await lever(kind, model, bundled, ['--repeat', '5'], work)
      const until = await lever(kind, model, bundled, ['--repeat-until', '5'], work)
      console.log(line('--repeat 5', repeat))
      console.log(line('--repeat-until 5', until) + `  → ${saved(repeat, until)}`)
      // The saving depends on the margin between accuracy and the gate: the same runs with the four suites gated at 0.5.
      const loose = bundled.map((each) => (each.minAccuracy === '0.75' ? { ...each, minAccuracy: '0.5' } : each))
      const repeatLoose = await lever(kind, model, loose, ['--repeat', '5'], work)
      const untilLoose = await lever(kind, model, loose, ['--repeat-until', '5'], work)
      console.log(line('--repeat 5 @0.5', repeatLoose))
      console.log(line('--repeat-until @0.5', untilLoose) + `  → ${saved(repeatLoose, untilLoose)}`)
      // The batch hook: --batch landed on main (batch-core); its batch prices, once in the price table, show here.
      const batch = await lever(kind, model, bundled, batchFlags, work)
      console.log(line('--batch', batch) + `  → ${saved(plain, batch)}`)
      const both = await lever(kind, model, bundled, [...batchFlags, '--cache-tools'], work)
      console.log(line('--batch --cache', both) + `  → ${saved(plain, both)}`)
    }
    const padded = [{ suites: [paddedWeather(work)], minAccuracy: '0.75' }]
    console.log('suites/weather with its tool descriptions padded past every minimum cacheable length')
    for (const { kind, model } of families) {
      const plain = await lever(kind, model, padded, [], work)
      const cached = await lever(kind, model, padded, ['--cache-tools'], work)
      console.log(`${kind}:${model} (tool definitions ${Math.round(plain.toolTokensPerRequest)} tok/request)`)
      console.log(line('plain', plain))
      console.log(line('--cache-tools', cached) + `  → ${saved(plain, cached)}`)
    }
    console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
