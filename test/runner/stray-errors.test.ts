// User code that fails behind the loop's back — a timer that throws, a promise nobody awaited rejecting, a late
// rejection, process.exit() — through the real CLI in a child process (an uncaught error would end the test runner's
// own process otherwise). The two-city suite runs Oslo, then Paris (--concurrency 1); the code misbehaves on Oslo.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { runCli, tempFiles } from '../helpers/cli.ts'
import { twoCityUserSuite, type UserModules } from '../helpers/two-city-suite.ts'


const pause = (ms: number) => `await new Promise((resolve) => setTimeout(resolve, ${ms}))`

/** Runs the two-city suite with the user's files; returns the exit code, output, report (if written) and journal. */
function runTwoCity(files: UserModules, suite: readonly string[] = [], concurrency = 1) {
  const dir = tempFiles(twoCityUserSuite('stray', files, suite))
  const result = runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out'), '--concurrency', String(concurrency)])
  const reportFile = join(dir, 'out', 'report.json')
  const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) as Report : undefined
  const journalFile = join(dir, 'out', 'results.jsonl')
  const journal = existsSync(journalFile) ? readFileSync(journalFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as CaseResult) : []
  return { ...result, report, journal }
}

/** The run finished (report, a journal line per case, no stack trace), Paris passed; returns Oslo's result. */
function finished(run: ReturnType<typeof runTwoCity>): CaseResult {
  expect(run.report, run.stderr).toBeDefined()
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/)
  expect(run.journal.map((result) => result.case)).toEqual(['oslo', 'paris'])
  const [oslo, paris] = run.report!.results
  expect(paris?.verdict, JSON.stringify(paris?.failures)).toBe('passed')
  return oslo!
}

const stubOnOslo = (body: string) => `export async function weather(args) {\n  if (args.city === "Oslo") { ${body} }\n  return { temp: 12 }\n}\n`
const timerThrow = 'setTimeout(() => { throw new Error("late boom") }, 0)'
const floating = 'Promise.reject(new Error("nobody awaits me"))'

describe('an error nothing awaited, thrown while its case runs, ends that case as harness_error', () => {
  it.each([
    ['a live stub\'s timer that throws', { stubs: stubOnOslo(`${timerThrow}; ${pause(50)}`) }, 'Error: late boom'],
    ['a live stub\'s promise nobody awaited', { stubs: stubOnOslo(`${floating}; ${pause(50)}`) }, 'Error: nobody awaits me'],
    ['a hook\'s timer that throws', { hooks: `export async function beforeToolCall(call) {\n  if (call.arguments.city === "Oslo") { ${timerThrow}; ${pause(50)} }\n}\n` }, 'Error: late boom'],
    ['a world method\'s promise nobody awaited', { world: `export function createWorld() {\n  return { async get_weather(args) { if (args.city === "Oslo") { ${floating}; ${pause(50)} } return { temp: 12 } } }\n}\n` }, 'Error: nobody awaits me'],
    ['a custom check\'s timer that throws (after the loop)', { checks: `export async function check(input) {\n  if (input.caseId === "oslo") { ${timerThrow}; ${pause(50)} }\n  return { pass: true }\n}\n` }, 'Error: late boom'],
  ] as const)('%s', (_, files, thrown) => {
    const run = runTwoCity(files)
    const oslo = finished(run)
    expect(run.code, run.stderr).toBe(2)
    expect(oslo.verdict).toBe('errored')
    expect(oslo.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining(`an error nothing awaited was thrown while the case ran`) }])
    expect(oslo.failures[0]?.message).toContain(thrown)
    expect(run.journal[0]?.failures).toEqual(oslo.failures)
    expect(`${run.stdout}${run.stderr}`).toContain('harness_error')
  })
})

describe('an error nothing awaited is its own case\'s, whatever else runs', () => {
  it('two cases in flight at once: the timer of Oslo\'s stub errors Oslo only, Paris (running meanwhile) passes', () => {
    const run = runTwoCity({ stubs: `export async function weather(args) {\n  if (args.city === "Oslo") setTimeout(() => { throw new Error("oslo only") }, 20)\n  ${pause(150)}\n  return { temp: 12 }\n}\n` }, [], 2)
    const oslo = finished(run)
    expect(run.code, run.stderr).toBe(2)
    expect(oslo.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining('Error: oslo only') }])
  })

  it('one no case started (a queueMicrotask callback carries none) ends the process as Node would: exit 1, the error printed', () => {
    const run = runTwoCity({ stubs: stubOnOslo('queueMicrotask(() => { throw new Error("whose is this") })') })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Error: whose is this')
  })
})

describe('what the case\'s code does after its verdict is decided changes nothing', () => {
  it('a timer that throws after its case was journaled is a warning naming the case; its result stands', () => {
    // Oslo's stub leaves a timer that throws once Oslo's result is in the journal; Paris's stub waits for that throw.
    const stubs = [
      'import { existsSync, readFileSync } from "node:fs"',
      'const journal = new URL("./out/results.jsonl", import.meta.url)',
      'let thrown = false',
      'export async function weather(args) {',
      '  if (args.city === "Oslo") {',
      '    const timer = setInterval(() => {',
      '      if (!existsSync(journal) || !readFileSync(journal, "utf8").includes(\'"case":"oslo"\')) return',
      '      clearInterval(timer)',
      '      thrown = true',
      '      throw new Error("after the fact")',
      '    }, 5)',
      `  } else while (!thrown) ${pause(5)}`,
      '  return { temp: 12 }',
      '}',
    ].join('\n')
    const run = runTwoCity({ stubs })
    const oslo = finished(run)
    expect(run.code, run.stderr).toBe(0)
    expect(oslo.verdict).toBe('passed')
    expect(run.stderr).toContain('warning: code of case stray/oslo')
    expect(run.stderr).toContain('its result stands: Error: after the fact')
  })

  it('a stub rejecting after its stub_timeout ended the case: harness_error for the timeout, the late rejection ignored', () => {
    // Its timer keeps the process alive past the run's end: the rejection comes after report.json is written.
    const run = runTwoCity({ stubs: `export async function weather(args) {\n  if (args.city === "Oslo") return new Promise((_, reject) => setTimeout(() => reject(new Error("too late")), 200))\n  return { temp: 12 }\n}\n` }, ['stub_timeout: 0.05'])
    const oslo = finished(run)
    expect(run.code, run.stderr).toBe(2)
    expect(oslo.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining('did not settle within 0.05 s') }])
    expect(run.stderr).not.toContain('too late')
  })
})

describe('process.exit() from user code', () => {
  it('cannot be stopped: the finished results are journaled, stderr says what happened, and exit code 0 becomes 2', () => {
    const run = runTwoCity({ stubs: 'export async function weather(args) {\n  if (args.city === "Paris") process.exit(0)\n  return { temp: 12 }\n}\n' })
    expect(run.code, run.stderr).toBe(2)
    expect(run.report).toBeUndefined()
    expect(run.journal.map((result) => result.case)).toEqual(['oslo'])
    expect(run.stderr).toContain('exiting (code 0) before the run finished: user code called process.exit()')
    expect(run.stderr).toContain('--resume runs the rest')
  })

  it('a hooks module whose top-level await never settles: Node exits at load; stderr says so, not exit 0', () => {
    const run = runTwoCity({ hooks: 'await new Promise(() => {})\nexport function beforeToolCall() {}\n' })
    expect(run.code, run.stderr).not.toBe(0)
    expect(run.stderr).toContain('before the run finished')
    expect(run.stderr).toContain('top-level await never settles')
  })
})

describe('Ctrl-C with user code still running', () => {
  it('an abandoned stub that throws after the partial report is written does not turn exit 130 into a crash', () => {
    // Paris's stub presses Ctrl-C itself, then never settles; once report.json exists (the run is over) its timer throws.
    const stubs = [
      'import { existsSync } from "node:fs"',
      'const report = new URL("./out/report.json", import.meta.url)',
      'export async function weather(args) {',
      '  if (args.city !== "Paris") return { temp: 12 }',
      '  process.emit("SIGINT")',
      '  const timer = setInterval(() => {',
      '    if (!existsSync(report)) return',
      '    clearInterval(timer)',
      '    throw new Error("abandoned but alive")',
      '  }, 5)',
      '  return new Promise(() => {})',
      '}',
    ].join('\n')
    const run = runTwoCity({ stubs })
    expect(run.code, run.stderr).toBe(130)
    expect(run.report?.run.interrupted).toBe(true)
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  })
})
