// Hostile user code at every seam of the loop (hooks, live stubs, worlds, custom checks), run through `toolgauge
// run` on the two-city suite: the code misbehaves on Oslo only. Whatever it throws or returns, the run goes on and
// finishes (report.json and a journal line per case), no stack trace is printed, Paris is unaffected, and Oslo's
// call is recorded as the model sent it. What the user's code did is `harness_error` (errored) — or, where a tool
// failing is the model's to handle (a stub or world method that throws), an error result the model was sent.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import type { Report } from '../../src/core/report.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import type { CaseCheck } from '../../src/scoring/score-case.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityScript as script, twoCityUserSuite, weatherToolsJson as tools, type UserModules } from '../helpers/two-city-suite.ts'

/** What the user's code is: a hooks module, a stubs module, a world module, a checks module (each `.mjs`). */
type UserFiles = UserModules & { readonly stubTimeout?: number }

type Outcome = { code: number; stdout: string; stderr: string; oslo: CaseResult; paris: CaseResult; journal: CaseResult[] }

/** Writes the two-city suite with the user's files, runs it, and checks what every row shares. */
async function runTwoCity(files: UserFiles): Promise<Outcome> {
  const dir = tempFiles(twoCityUserSuite('hostile', files, [`stub_timeout: ${files.stubTimeout ?? 5}`]))
  const { code, stdout, stderr } = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  expect(`${stdout}${stderr}`, stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  expect(existsSync(join(dir, 'out', 'report.json')), stderr).toBe(true)
  const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
  const journal = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CaseResult)
  const [oslo, paris] = report.results
  expect(journal.map((result) => result.case).sort()).toEqual(['oslo', 'paris'])
  expect(paris?.passed, JSON.stringify(paris?.failures)).toBe(true)
  // The model's call is evidence, kept as sent whatever the user's code did with its copy (a world that fails to
  // open ends the case before the model is asked).
  const turns = (oslo as unknown as { turns: { calls: { arguments: unknown }[] }[] }).turns
  if (turns.length > 0) expect(turns[0]?.calls[0]?.arguments).toEqual({ city: 'Oslo' })
  return { code, stdout, stderr, oslo: oslo!, paris: paris!, journal }
}

/** Oslo is `harness_error` (errored, exit 2) with a message holding every fragment; the console says so. */
async function expectHarnessError(files: UserFiles, fragments: readonly string[]): Promise<void> {
  const { code, stdout, stderr, oslo, journal } = await runTwoCity(files)
  expect(code, stderr).toBe(2)
  expect(oslo.verdict).toBe('errored')
  expect(oslo.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
  for (const fragment of fragments) expect(oslo.failures[0]?.message).toContain(fragment)
  expect(journal.find((result) => result.case === 'oslo')?.failures).toEqual(oslo.failures)
  expect(`${stdout}${stderr}`).toContain('harness_error')
}

/** Oslo's tool answered with an error result holding `content` (the model's to handle): the case is judged on the model, and passes. */
async function expectErrorResult(files: UserFiles, content: string): Promise<void> {
  const { code, stderr, oslo } = await runTwoCity(files)
  expect(code, stderr).toBe(0)
  expect(oslo.passed, JSON.stringify(oslo.failures)).toBe(true)
  const execution = (oslo as unknown as { turns: { toolResults: { isError: boolean; content: string }[] }[] }).turns[0]?.toolResults[0]
  expect(execution?.isError).toBe(true)
  expect(execution?.content).toContain(content)
}

// Values no String(), JSON.stringify or `instanceof` can read without throwing.
const hostileValues = {
  'an object without a prototype': 'Object.create(null)',
  'an object whose toJSON and toString throw': '{ toJSON() { throw new Error("no json") }, toString() { throw new Error("no text") } }',
  'an Error whose message getter throws': '(() => { const e = new Error("x"); Object.defineProperty(e, "message", { get() { throw new Error("no message") } }); return e })()',
  'a Proxy whose every trap throws': 'new Proxy({}, Object.fromEntries(["get", "has", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor"].map((trap) => [trap, () => { throw new Error("trap " + trap) }])))',
} as const

const onOslo = (hook: 'beforeToolCall' | 'afterToolCall', body: string) => `export function ${hook}(call) {\n  if (call.arguments.city === "Oslo") ${body}\n}\n`
const stubOnOslo = (body: string) => `export async function weather(args) {\n  if (args.city === "Oslo") ${body}\n  return { temp: 12 }\n}\n`
const worldOnOslo = (body: string) => `export function createWorld(state, context) {\n  return { get_weather(args) { if (args.city === "Oslo") ${body}\n    return { temp: 12 } } }\n}\n`
const checkOnOslo = (body: string) => `export function check(input) {\n  if (input.caseId === "oslo") ${body}\n  return { pass: true }\n}\n`

describe('user code that throws what cannot be read is contained', () => {
  describe.each(Object.entries(hostileValues))('%s', (_, value) => {
    it('thrown by beforeToolCall: harness_error', async () => {
      await expectHarnessError({ hooks: onOslo('beforeToolCall', `throw ${value}`) }, ['beforeToolCall threw on get_weather (call c1)'])
    })

    it('thrown by afterToolCall: harness_error', async () => {
      await expectHarnessError({ hooks: onOslo('afterToolCall', `throw ${value}`) }, ['afterToolCall threw on get_weather (call c1)'])
    })

    it('thrown by a live stub: an error result for the model, the run goes on', async () => {
      await expectErrorResult({ stubs: stubOnOslo(`throw ${value}`) }, 'Error: ')
    })

    it('thrown by a world\'s method: an error result for the model', async () => {
      await expectErrorResult({ world: worldOnOslo(`throw ${value}`) }, 'Error: ')
    })

    it('thrown by a world\'s factory: harness_error', async () => {
      await expectHarnessError({ world: `export function createWorld(state, context) {\n  if (context.caseId === "oslo") throw ${value}\n  return {}\n}\n` }, ['world.mjs#createWorld threw when created'])
    })

    it('thrown by a custom check: harness_error', async () => {
      await expectHarnessError({ checks: checkOnOslo(`throw ${value}`) }, ['custom check checks.mjs#check threw'])
    })
  })
})

describe('user code that answers with what cannot be read is contained', () => {
  // A Proxy that is no thenable (so `await` hands it over) but throws on any other read.
  const trap = 'new Proxy({}, { get(target, key) { if (key === "then") return undefined; throw new Error("trap get " + String(key)) }, ownKeys() { throw new Error("trap ownKeys") } })'
  // A getter that answers once, then throws: checking a value and sending it read it twice, the second outside any catch.
  const once = '(() => { let reads = 0; return { get temp() { if (reads++ > 0) throw new Error("read twice"); return 3 } } })()'

  it.each([
    ['a hook\'s outcome whose keys cannot be listed', { hooks: onOslo('beforeToolCall', `return ${trap}`) }, ['beforeToolCall on get_weather (call c1) returned', 'trap ownKeys']],
    ['a hook\'s { reject } whose value getter throws', { hooks: onOslo('beforeToolCall', 'return { get reject() { throw new Error("no reason") } }') }, ['beforeToolCall', 'no reason']],
    ['a hook\'s { result } whose getter answers once', { hooks: onOslo('beforeToolCall', `return { result: ${once} }`) }, ['beforeToolCall', 'cannot be read', 'read twice']],
    ['a world whose tools are looked up through a throwing Proxy', { world: `export function createWorld(state, context) {\n  return context.caseId === "oslo" ? new Proxy({}, { get(target, key) { if (key === "get_weather") throw new Error("trap get get_weather") } }) : {}\n}\n` }, ['world.mjs#createWorld threw when its tool get_weather was looked up', 'trap get get_weather']],
    ['a world whose snapshot getter throws', { world: 'export function createWorld(state, context) {\n  return { get snapshot() { if (context.caseId === "oslo") throw new Error("no snapshot"); return undefined } }\n}\n' }, ['snapshot()', 'no snapshot']],
    ['a custom check\'s answer whose pass getter throws', { checks: checkOnOslo('return { get pass() { throw new Error("no pass") } }') }, ['custom check checks.mjs#check returned an answer that cannot be read', 'no pass']],
    ['a live stub\'s result whose getter answers once', { stubs: stubOnOslo(`return ${once}`) }, ['stub of get_weather', 'cannot be read', 'read twice']],
    ['a world method\'s result whose getter answers once', { world: worldOnOslo(`return ${once}`) }, ['tool get_weather', 'cannot be read', 'read twice']],
  ] as const)('%s: harness_error', async (_, files, fragments) => {
    await expectHarnessError(files, fragments)
  })
})

describe('user code that never settles is bound by the case\'s stub_timeout (sound before this audit; kept as a check)', () => {
  const never = 'return new Promise(() => {})'
  it.each([
    ['beforeToolCall', { hooks: onOslo('beforeToolCall', never) }, 'beforeToolCall on get_weather (call c1) did not settle within 0.05 s'],
    ['afterToolCall', { hooks: onOslo('afterToolCall', never) }, 'afterToolCall on get_weather (call c1) did not settle within 0.05 s'],
    ['a live stub', { stubs: stubOnOslo(never) }, 'did not settle within 0.05 s'],
    ['a world\'s factory', { world: 'export function createWorld(state, context) {\n  return context.caseId === "oslo" ? new Promise(() => {}) : {}\n}\n' }, 'did not settle within 0.05 s when created'],
    ['a world\'s method', { world: worldOnOslo(never) }, 'tool get_weather (call c1) did not settle within 0.05 s'],
    ['a world\'s snapshot()', { world: 'export function createWorld(state, context) {\n  return { snapshot() { return context.caseId === "oslo" ? new Promise(() => {}) : {} } }\n}\n' }, 'snapshot() did not settle within 0.05 s'],
    ['a custom check', { checks: checkOnOslo(never) }, 'custom check checks.mjs#check did not settle within 0.05 s'],
  ] as const)('%s: harness_error, journaled, the run goes on', async (_, files, fragment) => {
    await expectHarnessError({ ...files, stubTimeout: 0.05 }, [fragment])
  })
})

describe('a user module that throws what cannot be read while loading', () => {
  it.each(Object.entries(hostileValues))('%s: exit 2 naming the module, no stack trace', async (_, value) => {
    const dir = tempFiles({
      'tools.json': tools,
      'script.yaml': script,
      'hooks.mjs': `throw ${value}\n`,
      'suite.yaml': ['name: hostile', 'tools: ./tools.json', 'hooks: ./hooks.mjs', 'cases:', '  - { id: oslo, prompt: Weather in Oslo? }'].join('\n'),
    })
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expectInputError(result, 'hooks.mjs')
  })
})

describe('the run\'s own checks (RunOptions.caseChecks) are contained like the suite\'s', () => {
  const runWith = async (check: CaseCheck) => {
    const dir = tempFiles({
      'suite/tools.json': tools,
      'suite/suite.yaml': ['name: hostile', 'tools: ./tools.json', 'cases:', '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }', '  - { id: paris, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }'].join('\n'),
      'script.yaml': script,
    })
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: join(dir, 'out'), caseChecks: { id: 'hostile/1', check } })
    const results = [...outcome.eachResult()]
    return { outcome, oslo: results.find((result) => result.case === 'oslo')!, paris: results.find((result) => result.case === 'paris')! }
  }

  it('a check that deletes the model\'s calls from the transcript it is given changes neither the verdict nor the record', async () => {
    const { oslo } = await runWith((testCase, transcript) => {
      // The copy it is given is frozen: the attempt throws, which this check swallows to go on as if it had worked.
      try {
        if (testCase.id === 'oslo') for (const turn of transcript.turns) (turn.calls as unknown[]).length = 0
      } catch {}
      return []
    })
    // A check that could edit the transcript would make Oslo miss its expected call (failed) and erase the evidence.
    expect(oslo.verdict).toBe('passed')
    expect((oslo as unknown as { turns: { calls: { arguments: unknown }[] }[] }).turns[0]?.calls[0]?.arguments).toEqual({ city: 'Oslo' })
  })

  it.each([
    ['throws', (() => { throw Object.create(null) }) as CaseCheck, 'RunOptions.caseChecks) threw'],
    ['returns something else than failures', (() => 'fine') as unknown as CaseCheck, 'returned something else than a list'],
  ])('a check that %s is harness_error for that case, and the run goes on', async (_, hostile, fragment) => {
    const { outcome, oslo, paris } = await runWith((testCase, transcript) => (testCase.id === 'oslo' ? hostile(testCase, transcript) : []))
    expect(oslo.verdict).toBe('errored')
    expect(oslo.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining(fragment) }])
    expect(paris.verdict).toBe('passed')
    expect(outcome.exitCode).toBe(2)
  })
})
