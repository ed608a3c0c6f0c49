import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityCases as cases, twoCityScript as script, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'


/**
 * Runs a two-case suite whose user code misbehaves on Oslo only, and checks what every such mistake must give:
 * the Oslo case is `harness_error` with a message holding `fragments`, Paris still passes, the report is written,
 * the run exits 2 and prints no stack trace.
 */
async function expectHarnessError(files: { hooks?: string; stubs?: string; suite?: string[] }, fragments: string[], flags: string[] = []): Promise<void> {
  const dir = tempFiles({
    'tools.json': tools,
    'script.yaml': script,
    ...(files.hooks ? { 'hooks.mjs': files.hooks } : {}),
    ...(files.stubs ? { 'stubs.mjs': files.stubs } : {}),
    'suite.yaml': [
      'name: user-code',
      'tools: ./tools.json',
      ...(files.hooks ? ['hooks: ./hooks.mjs'] : []),
      ...(files.stubs ? ['stubs: { get_weather: { module: ./stubs.mjs, export: weather } }'] : []),
      ...(files.suite ?? []),
      ...cases,
    ].join('\n'),
  })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out'), ...flags])
  expect(result.code, result.stderr).toBe(2)
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/)
  expect(existsSync(join(dir, 'out', 'report.json')), result.stderr).toBe(true)
  const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
  const [oslo, paris] = report.results
  expect(oslo?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
  for (const fragment of fragments) expect(oslo?.failures[0]?.message).toContain(fragment)
  expect(paris?.passed, JSON.stringify(paris?.failures)).toBe(true)
}

const onOslo = (body: string) => `export function beforeToolCall(call) {\n  if (call.arguments.city === "Oslo") ${body}\n}\n`
const stubOnOslo = (body: string) => `export async function weather(args) {\n  if (args.city === "Oslo") ${body}\n  return { temp: 12 }\n}\n`

describe('a hook that returns what no hook may return is harness_error for that case', () => {
  it('a string from beforeToolCall', async () => {
    await expectHarnessError({ hooks: onOslo('return "ok"') }, ['beforeToolCall', 'get_weather', 'returned a string'])
  })

  it('a number from afterToolCall', async () => {
    await expectHarnessError({ hooks: 'export function afterToolCall(call) {\n  if (call.arguments.city === "Oslo") return 42\n}\n' }, ['afterToolCall', 'get_weather', 'returned a number'])
  })

  it('null from beforeToolCall (nothing is undefined)', async () => {
    await expectHarnessError({ hooks: onOslo('return null') }, ['beforeToolCall', 'get_weather', 'returned null'])
  })

  it('an object with an unknown key, with "did you mean"', async () => {
    await expectHarnessError({ hooks: onOslo('return { rejct: "no Oslo today" }') }, ['beforeToolCall', 'get_weather', 'unknown key "rejct"', 'did you mean "reject"'])
  })

  it('afterToolCall\'s unknown key is judged against its own keys', async () => {
    await expectHarnessError({ hooks: 'export function afterToolCall(call) {\n  if (call.arguments.city === "Oslo") return { reslt: 1 }\n}\n' }, ['afterToolCall', 'unknown key "reslt"', 'did you mean "result"'])
  })

  it('a reject that is not a string', async () => {
    await expectHarnessError({ hooks: onOslo('return { reject: 5 }') }, ['beforeToolCall', 'get_weather', 'reject', 'a string'])
  })

  it('two outcomes at once', async () => {
    await expectHarnessError({ hooks: onOslo('return { reject: "no", result: 1 }') }, ['beforeToolCall', 'get_weather', 'reject', 'result', 'one of'])
  })

  it('a result it returns that cannot be sent as JSON', async () => {
    await expectHarnessError({ hooks: onOslo('return { result: { big: 10n } }') }, ['beforeToolCall', 'get_weather', 'BigInt', 'result.big'])
  })
})

describe('a live stub whose result cannot be serialized is harness_error for that case', () => {
  it('a cycle', async () => {
    await expectHarnessError({ stubs: stubOnOslo('{ const value = { temp: 1 }; value.self = value; return value }') }, ['stub', 'get_weather', 'cycle', 'result.self'])
  })

  it('a BigInt', async () => {
    await expectHarnessError({ stubs: stubOnOslo('return { temp: 12n }') }, ['stub', 'get_weather', 'BigInt', 'result.temp'])
  })

  it('a function', async () => {
    await expectHarnessError({ stubs: stubOnOslo('return { temp: 12, convert: () => 1 }') }, ['stub', 'get_weather', 'function', 'result.convert'])
  })
})

describe('a live stub that never settles is harness_error for that case', () => {
  const never = stubOnOslo('return new Promise(() => {})')

  it('after the suite\'s stub_timeout', async () => {
    await expectHarnessError({ stubs: never, suite: ['stub_timeout: 0.05'] }, ['stub', 'get_weather', 'stubs.mjs', 'did not settle within 0.05 s', 'stub_timeout'])
  })

  it('after the case\'s own stub_timeout', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'script.yaml': script,
      'stubs.mjs': never,
      'suite.yaml': [
        'name: user-code',
        'tools: ./tools.json',
        'stubs: { get_weather: { module: ./stubs.mjs, export: weather } }',
        'stub_timeout: 600',
        'cases:',
        '  - { id: oslo, stub_timeout: 0.05, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }',
      ].join('\n'),
    })
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expect(result.code, result.stderr).toBe(2)
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
    expect(report.results[0]?.failures[0]?.message).toContain('did not settle within 0.05 s')
  })

  it('a hook that never settles is bound by the same timeout', async () => {
    await expectHarnessError({ hooks: onOslo('return new Promise(() => {})'), suite: ['stub_timeout: 0.05'] }, ['beforeToolCall', 'get_weather', 'did not settle within 0.05 s'])
  })

  it('after --stub-timeout, for a suite that sets none', async () => {
    await expectHarnessError({ stubs: never }, ['stub', 'get_weather', 'did not settle within 0.05 s'], ['--stub-timeout', '0.05'])
  })
})

describe('a hooks module exports hooks only', () => {
  const run = async (file: string, hooks: string) => {
    const dir = tempFiles({
      'tools.json': tools,
      'script.yaml': script,
      [file]: hooks,
      'suite.yaml': ['name: user-code', 'tools: ./tools.json', `hooks: ./${file}`, ...cases].join('\n'),
    })
    return { dir, result: await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]) }
  }

  it('an export that is not a hook is exit 2 at load, naming the module and the export, with "did you mean"', async () => {
    const { dir, result } = await run('hooks.mjs', 'export function beforeToolcall(call) {\n  return { reject: "never runs" }\n}\n')
    expectInputError(result, join(dir, 'hooks.mjs'), 'beforeToolcall', 'did you mean "beforeToolCall"')
    expect(existsSync(join(dir, 'out', 'results.jsonl'))).toBe(false)
  })

  it('a hook name exported as something else than a function is exit 2', async () => {
    const { result } = await run('hooks.mjs', 'export const afterToolCall = { result: 1 }\n')
    expectInputError(result, 'afterToolCall', 'a hook is a function')
  })

  it('a CommonJS module.exports and a TypeScript module with the hooks load as before', async () => {
    const reject = 'if (call.arguments.city === "Oslo") return { reject: "no Oslo" }'
    for (const [file, text] of [['hooks.cjs', `module.exports = { beforeToolCall(call) { ${reject} } }\n`], ['hooks.ts', `export function beforeToolCall(call: { arguments: { city: string } }) { ${reject} }\n`]] as const) {
      const { dir, result } = await run(file, text)
      expect(result.code, result.stderr).toBe(0)
      const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
      expect(report.results[0]?.passed).toBe(true)
      expect((report.results[0] as unknown as { turns: { toolResults: { hooks: unknown[] }[] }[] }).turns[0]?.toolResults[0]?.hooks).toEqual([{ hook: 'beforeToolCall', action: 'reject', message: 'no Oslo' }])
    }
  })
})
