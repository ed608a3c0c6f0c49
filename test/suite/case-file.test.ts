import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain } from '../helpers/cli.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-case-file-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const tools = [
  { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } },
  { name: 'lookup', description: 'Looks anything up', parameters: { type: 'object' } },
]
const settings = { name: 'big', tools: './tools.json', stubs: { get_weather: [{ result: { sky: 'sunny' } }] } }
const caseAt = (index: number) => ({ id: `case-${index}`, prompt: `Weather in city ${index}?`, expect: { calls: [{ name: 'get_weather', args: { city: `City${index}` } }] } })

/** A folder with tools.json, `suite.json` naming `cases.jsonl`, and the case file's `lines`; returns both files. */
function caseFileSuite(name: string, lines: readonly string[]): { suite: string; cases: string } {
  const dir = join(scratch, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite.json'), JSON.stringify({ ...settings, cases: './cases.jsonl' }, null, 2))
  writeFileSync(join(dir, 'cases.jsonl'), `${lines.join('\n')}\n`)
  return { suite: join(dir, 'suite.json'), cases: join(dir, 'cases.jsonl') }
}

describe('a bad line deep in a 20,000-line case file', () => {
  /** The provider that must never be asked. */
  const untouched = (): Provider & { calls: number } => {
    const provider = { id: 'scripted:untouched', calls: 0, async doGenerate(): Promise<never> {
      provider.calls++
      throw new Error('no model call may happen')
    } }
    return provider
  }
  /** Runs a suite whose case 17,345 is the line `bad` (after a blank first line: the case is on line 17,347). */
  async function runWith(name: string, bad: string) {
    const lines = ['', ...Array.from({ length: 20_000 }, (_, index) => (index === 17_345 ? bad : JSON.stringify(caseAt(index))))]
    const files = caseFileSuite(name, lines)
    const provider = untouched()
    const error = await runEvaluation({ suitePaths: [files.suite], models: [provider.id], providers: [provider], outDir: join(scratch, `${name}-out`) }).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error), String(error)).toBe(true)
    return { error: error as InputError, calls: provider.calls, ...files }
  }

  it('is exit 2 with file:line: field before any model call: a tool the suite lacks', async () => {
    const { error, calls, suite, cases } = await runWith('unknown-tool', JSON.stringify({ id: 'x', prompt: 'x', expect: { calls: [{ name: 'get_wether' }] } }))
    expect(calls).toBe(0)
    expect(error.location).toEqual({ file: cases, line: 17_347, field: 'expect.calls.0.name' })
    const cli = await runMain(['run', suite, '--model', 'baseline', '--out', join(scratch, 'unknown-tool-cli')])
    expect(cli.code).toBe(2)
    expect(cli.stderr).toContain(`${cases}:17347: expect.calls.0.name: expected call to "get_wether", which is not a tool of this suite`)
  })

  it('… a field the schema does not know', async () => {
    const { error, calls, cases } = await runWith('unknown-field', JSON.stringify({ id: 'x', prompt: 'x', promt: 'y' }))
    expect(calls).toBe(0)
    expect(error.location).toEqual({ file: cases, line: 17_347, field: 'promt' })
    expect(error.message).toContain('unknown field "promt"')
  })

  it('… an id used twice, naming the line of its first use', async () => {
    const { error, calls, cases } = await runWith('duplicate-id', JSON.stringify({ id: 'case-7', prompt: 'x' }))
    expect(calls).toBe(0)
    expect(error.location).toEqual({ file: cases, line: 17_347, field: 'id' })
    expect(error.message).toContain('duplicate case id "case-7" (first used by line 9)')
  })

  it('… a line that is not JSON, or names a key twice', async () => {
    const broken = await runWith('not-json', '{"id": "x", "prompt": ')
    expect(broken.calls).toBe(0)
    expect(broken.error.location).toEqual({ file: broken.cases, line: 17_347 })
    expect(broken.error.message).toContain('invalid JSON')
    // Where on the line, in words that do not quote it (V8's "… is not valid JSON" quotes the whole line).
    const unquoted = await runWith('not-json-token', `{"id": "x", "prompt": nope, "note": "${'n'.repeat(500)}"}`)
    expect(unquoted.error.message).toMatch(/:17347: invalid JSON at column 23: [^"]*$/)
    expect(unquoted.error.message).not.toContain('n'.repeat(50))
    const repeated = await runWith('repeated-key', '{"id": "x", "prompt": "a", "prompt": "b"}')
    expect(repeated.error.location).toEqual({ file: repeated.cases, line: 17_347 })
  })
})

describe('a case file', () => {
  const lines = Array.from({ length: 40 }, (_, index) => JSON.stringify(index === 3 ? { ...caseAt(index), tools: ['lookup'], tool_choice: { name: 'lookup' }, expect: { calls: [{ name: 'lookup' }] } } : caseAt(index)))

  it('loads the cases the same suite loads inline, held or read again line by line in any order', async () => {
    const files = caseFileSuite('same-as-inline', lines)
    const inlineFile = join(scratch, 'same-as-inline', 'inline.suite.json')
    writeFileSync(inlineFile, JSON.stringify({ ...settings, cases: lines.map((line) => JSON.parse(line) as unknown) }))
    const inline = await loadSuite(inlineFile)
    const held = await loadSuite(files.suite)
    const streamed = await loadSuite(files.suite, { streamCases: true })
    const withoutFile = <T extends { file: string }>(value: T) => ({ ...value, file: '' })
    expect(held.cases.map(withoutFile)).toEqual(inline.cases.map(withoutFile))
    // The same shapes, not just equal values: fingerprints hash them.
    expect(JSON.stringify(held.cases.map(withoutFile))).toBe(JSON.stringify(inline.cases.map(withoutFile)))
    expect(streamed.cases.count).toBe(40)
    for (const index of [0, 1, 2, 39, 3, 3, 20, 0]) expect(await streamed.cases.at(index)).toEqual(held.cases[index])
  })

  it('that is missing or empty is bad input naming the suite or the case file', async () => {
    const missing = caseFileSuite('missing', lines)
    rmSync(missing.cases)
    const notFound = await failure(loadSuite(missing.suite))
    expect(notFound.location).toMatchObject({ file: missing.suite, field: 'cases' })
    expect(notFound.message).toContain('case file not found')
    const empty = caseFileSuite('empty', ['', '  '])
    expect((await failure(loadSuite(empty.suite))).message).toContain('no cases')
  })

  it('that changes after it was checked is an InputError when a case is read again, not other cases', async () => {
    const files = caseFileSuite('changed', lines)
    const streamed = await loadSuite(files.suite, { streamCases: true })
    expect((await streamed.cases.at(5)).id).toBe('case-5')
    writeFileSync(files.cases, `${lines.slice(1).join('\n')}\n`)
    const error = await failure(streamed.cases.at(1))
    expect(InputError.isInstance(error)).toBe(true)
    expect(error.location).toEqual({ file: files.cases })
  })

  it('that changes after it was checked is refused even with its size and modification time kept', async () => {
    // A rewrite within the file system's clock tick (or by a tool that keeps times: cp -p, rsync -t) looks unchanged.
    const files = caseFileSuite('changed-in-place', lines)
    const stamp = new Date('2026-01-01T00:00:00Z')
    utimesSync(files.cases, stamp, stamp)
    const streamed = await loadSuite(files.suite, { streamCases: true })
    const changed = lines.map((line, index) => (index === 1 ? line.replace('city 1?', 'town 1?') : line))
    writeFileSync(files.cases, `${changed.join('\n')}\n`)
    utimesSync(files.cases, stamp, stamp)
    const error = await failure(streamed.cases.at(1))
    expect(error.location).toEqual({ file: files.cases })
    expect(error.message).toContain('changed after it was checked')
  })
})

/** The InputError a promise rejects with (the test fails if it resolves, or rejects otherwise). */
async function failure(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(InputError.isInstance(error), String(error)).toBe(true)
  return error as InputError
}
