import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-bad-case-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const tools = [
  { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } },
  { name: 'lookup', description: 'Looks anything up', parameters: { type: 'object' } },
]

/** A folder with `suite.json` (written with `indent`) and tools.json; returns the suite file. */
function jsonSuite(name: string, suite: Record<string, unknown>, indent?: number | string): string {
  const dir = join(scratch, name)
  cpSync(join(projectRoot, 'suites', 'weather'), dir, { recursive: true })
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite.json'), JSON.stringify({ tools: './tools.json', ...suite }, null, indent))
  return join(dir, 'suite.json')
}

describe('a bad case deep in a big JSON suite', () => {
  const cases = Array.from({ length: 3000 }, (_, index) => ({ id: `case-${index}`, prompt: `Weather in city ${index}?`, expect: { calls: [{ name: 'get_weather', args: { city: `City${index}` } }] } }))
  /** The provider that must never be asked. */
  const untouched = (): Provider & { calls: number } => {
    const provider = { id: 'scripted:untouched', calls: 0, async doGenerate(): Promise<never> {
      provider.calls++
      throw new Error('no model call may happen')
    } }
    return provider
  }
  /** Runs a suite whose case 2345 is `bad`, and returns the error and the number of model calls. */
  async function runWith(name: string, bad: Record<string, unknown>) {
    const file = jsonSuite(name, { name: 'big', cases: cases.map((testCase, index) => (index === 2345 ? bad : testCase)) }, 2)
    const provider = untouched()
    const error = await runEvaluation({ suitePaths: [file], models: [provider.id], providers: [provider], outDir: join(scratch, `${name}-out`) }).catch((caught: unknown) => caught)
    const lines = readFile(file).split('\n')
    return { error, calls: provider.calls, file, lineOf: (fragment: string) => lines.findIndex((line) => line.includes(fragment)) + 1 }
  }

  it('is an InputError naming the file, line and field before any model call: a tool the suite lacks', async () => {
    const { error, calls, file, lineOf } = await runWith('unknown-tool', { id: 'case-2345', prompt: 'x', expect: { calls: [{ name: 'get_wether' }] } })
    expect(calls).toBe(0)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as InputError).location).toEqual({ file, line: lineOf('"get_wether"'), field: 'cases.2345.expect.calls.0.name' })
    const cli = await runMain(['run', file, '--model', 'baseline', '--out', join(scratch, 'unknown-tool-cli')])
    expect(cli.code).toBe(2)
    expect(cli.stderr).toContain(`${file}:${lineOf('"get_wether"')}: cases.2345.expect.calls.0.name: expected call to "get_wether"`)
  })

  it('… a field the schema does not know', async () => {
    const { error, calls, file, lineOf } = await runWith('unknown-field', { id: 'case-2345', prompt: 'x', promt: 'y' })
    expect(calls).toBe(0)
    expect((error as InputError).location).toEqual({ file, line: lineOf('"promt"'), field: 'cases.2345.promt' })
  })

  it('… an id used twice', async () => {
    const { error, calls, file } = await runWith('duplicate-id', { id: 'case-7', prompt: 'x' })
    expect(calls).toBe(0)
    expect((error as InputError).location).toMatchObject({ file, field: 'cases.2345.id' })
    expect((error as Error).message).toContain('duplicate case id "case-7" (first used by cases.7)')
  })
})

function readFile(file: string): string {
  return readFileSync(file, 'utf8')
}
