// The end-to-end run of issue 27's "How we will know" 1, shared by the three batch stand-ins' tests: a 200-case suite
// of 2-turn weather cases runs through the CLI with --batch against a stand-in, is SIGKILLed once its first batch is
// journaled, resumed with --resume --batch, and set beside a plain (non-batch) run on the same stand-in.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BatchJournalLine, JournaledBatch } from '../../../src/core/batch.ts'
import type { CaseResult } from '../../../src/core/result.ts'
import { verdictOf } from '../../../src/core/verdict.ts'
import { projectRoot } from '../../helpers/shared-data.ts'
import { weatherToolLines } from './batch-suite.ts'
import { baseUrlEnvFor, baseUrlFor, keyEnvFor, keyFor, type ProviderKind } from '../fake/harness.ts'

/** One CLI run: its exit code, output and report (absent when it was killed before writing one). */
export type CliRun = {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
  readonly report?: { readonly results: readonly CaseResult[]; readonly run: Record<string, unknown> }
}

/** What `runBatchE2e` returns: the killed run, the resumed one, the direct one, and the journal the killed run left. */
export type BatchE2e = {
  readonly killed: CliRun
  /** batches.jsonl as the killed run left it. */
  readonly journaledBeforeKill: readonly JournaledBatch[]
  readonly resumed: CliRun
  /** batches.jsonl after the resumed run. */
  readonly journaled: readonly JournaledBatch[]
  readonly direct: CliRun
}

/** Settings of the e2e run. */
export type BatchE2eOptions = {
  /** A fresh folder for the suite and the out folders. */
  readonly work: string
  /** The model name after the kind's prefix (default per kind: gpt-4o-mini, claude-haiku-4-5, gemini-2.5-flash). */
  readonly model?: string
  /** Cases in the suite (default 200). */
  readonly cases?: number
  /**
   * Called after the kill, before the resumed run: a stand-in that held its batches (so the kill falls between submit
   * and completion) releases them here.
   */
  readonly beforeResume?: () => void | Promise<void>
  /** Called before the direct run (e.g. to reset the stand-in's counters). */
  readonly beforeDirect?: () => void | Promise<void>
  /** Extra CLI flags for every run. */
  readonly flags?: readonly string[]
}

const cities = ['Paris', 'London', 'Tokyo', 'Oslo'] as const
const temperatures: Readonly<Record<(typeof cities)[number], number>> = { Paris: 18, London: 15, Tokyo: 24, Oslo: 3 }

/**
 * Writes the suite: `count` cases, each naming one city (the fake weatherModel calls get_weather once, then
 * summarizes — 2 turns). Every tenth case expects the wrong city, so the verdicts compared hold failures too.
 */
export function writeWeatherSuite(dir: string, count = 200): string {
  mkdirSync(dir, { recursive: true })
  const lines = [
    'name: batch-e2e',
    ...weatherToolLines,
    'stubs:',
    '  get_weather:',
    ...cities.flatMap((city) => [`    - when: { city: ${city} }`, `      result: { city: ${city}, temperature: ${temperatures[city]} }`]),
    'cases:',
  ]
  for (let index = 0; index < count; index++) {
    const city = cities[index % cities.length]!
    const expected = index % 10 === 9 ? cities[(index + 1) % cities.length]! : city
    lines.push(`  - { id: w${String(index).padStart(3, '0')}, prompt: "Weather in ${city}?", expect: { calls: [{ name: get_weather, args: { city: ${expected} } }], final: { contains: ["${temperatures[city]}"] } } }`)
  }
  const file = join(dir, 'suite.yaml')
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** The default model of a kind in these runs. */
export function e2eModel(kind: ProviderKind): string {
  return kind === 'anthropic' ? 'claude-haiku-4-5' : kind === 'google' ? 'gemini-2.5-flash' : 'gpt-4o-mini'
}

/** The env a child run gets: PATH and HOME, the kind's base URL and key — no real key or host can leak in. */
function envFor(kind: ProviderKind, origin: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    CI: 'true',
    TOOLGAUGE_CACHE: 'off',
    ...(kind === 'openai-compatible' ? {} : { [baseUrlEnvFor(kind)]: baseUrlFor(kind, origin), [keyEnvFor(kind)]: keyFor(kind) }),
  }
}

/** The CLI arguments of a run of the suite against the kind's stand-in. */
function runArgs(kind: ProviderKind, origin: string, suite: string, out: string, model: string, extra: readonly string[]): string[] {
  return ['run', suite, '--model', `${kind}:${model}`, '--out', out, ...(kind === 'openai-compatible' ? ['--base-url', baseUrlFor(kind, origin)] : []), ...extra]
}

/** Starts the CLI; `until` (polled every 20 ms) SIGKILLs it once true. Resolves when the process has ended. */
function cli(args: readonly string[], env: Record<string, string>, out: string, until?: () => boolean): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), ...args], { cwd: projectRoot, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const watch = until ? setInterval(() => { if (until()) child.kill('SIGKILL') }, 20) : undefined
    // Nothing in these runs takes long; a run that hangs is a failure to see, not to wait for.
    const limit = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('close', (code, signal) => {
      if (watch) clearInterval(watch)
      clearTimeout(limit)
      const file = join(out, 'report.json')
      const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CliRun['report']) : undefined
      resolve({ code, signal, stdout, stderr, ...(report ? { report } : {}) })
    })
  })
}

/**
 * The batches journaled in an out folder: its complete lines only — read while the run appends, the last line may
 * still be half written (no newline yet) — and only the submitted batches' (not the `creating` lines before them).
 */
export function journaledBatches(out: string): JournaledBatch[] {
  const file = join(out, 'batches.jsonl')
  if (!existsSync(file)) return []
  const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1).filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as BatchJournalLine)
  return lines.filter((line): line is JournaledBatch => !('state' in line))
}

/** What a run decided, per case and repeat: the verdict and its failure kinds (what "same verdicts" compares). */
export function verdictsOf(run: CliRun): { readonly case: string; readonly repeat: number; readonly verdict: string; readonly kinds: readonly string[] }[] {
  if (!run.report) throw new Error(`no report.json (exit ${run.code}, signal ${run.signal}): ${run.stderr}`)
  return run.report.results.map((result) => ({ case: result.case, repeat: result.repeat, verdict: verdictOf(result), kinds: result.failures.map((failure) => failure.kind) }))
}

/** One CLI run of `suite` against the kind's stand-in at `origin`, its report in `out` (`flags` after the usual ones). */
export function runCli(kind: ProviderKind, origin: string, suite: string, out: string, flags: readonly string[], model: string = e2eModel(kind)): Promise<CliRun> {
  return cli(runArgs(kind, origin, suite, out, model, flags), envFor(kind, origin), out)
}

/**
 * The e2e run for one kind against a stand-in at `origin` (its batch API and direct protocol on one loopback): the
 * batched run killed (SIGKILL) once batches.jsonl holds a batch, `--resume --batch` to the end, then a direct run.
 */
export async function runBatchE2e(kind: ProviderKind, origin: string, options: BatchE2eOptions): Promise<BatchE2e> {
  const suite = writeWeatherSuite(join(options.work, 'suite'), options.cases ?? 200)
  const model = options.model ?? e2eModel(kind)
  const env = envFor(kind, origin)
  const out = join(options.work, 'batched')
  const batched = ['--batch', '--batch-poll', '0.02', ...(options.flags ?? [])]
  const killed = await cli(runArgs(kind, origin, suite, out, model, batched), env, out, () => journaledBatches(out).length > 0)
  const journaledBeforeKill = journaledBatches(out)
  await options.beforeResume?.()
  const resumed = await cli(runArgs(kind, origin, suite, out, model, [...batched, '--resume']), env, out)
  const journaled = journaledBatches(out)
  await options.beforeDirect?.()
  const directOut = join(options.work, 'direct')
  const direct = await cli(runArgs(kind, origin, suite, directOut, model, options.flags ?? []), env, directOut)
  return { killed, journaledBeforeKill, resumed, journaled, direct }
}
