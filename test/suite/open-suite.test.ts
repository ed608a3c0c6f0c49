import fc from 'fast-check'
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Case } from '../../src/core/case.ts'
import { InputError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import { McpServers } from '../../src/mcp/mcp-servers.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { openSuite } from '../../src/suite/open-suite.ts'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-open-suite-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const tools = [
  { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'], additionalProperties: false } },
  { name: 'lookup', description: 'Looks anything up', parameters: { type: 'object' } },
]

/** Every case of a suite file as the runner builds it from its slice, beside the suite as `loadSuite` returns it. */
async function bothWays(file: string): Promise<{ loaded: Awaited<ReturnType<typeof loadSuite>>; opened: { suite: unknown; cases: Case[] } }> {
  const loaded = await loadSuite(file)
  const opened = await McpServers.during(async (servers) => {
    const source = await openSuite(file, servers)
    // A JSON suite's cases are built from their slices on each call; a YAML suite's are held.
    expect(await source.caseAt(0) === await source.caseAt(0)).toBe(!file.endsWith('.json'))
    const cases: Case[] = []
    for (let index = 0; index < source.count; index++) cases.push(await source.caseAt(index))
    source.close()
    return { suite: source.suite, cases }
  })
  return { loaded, opened }
}

function expectSame(loaded: Awaited<ReturnType<typeof loadSuite>>, opened: { suite: unknown; cases: Case[] }): void {
  const { cases, ...suite } = loaded
  expect(opened.suite).toEqual(suite)
  expect(opened.cases).toEqual(cases)
  // The same shapes, not just equal values: the fingerprints hash them.
  expect(JSON.stringify(opened.cases)).toBe(JSON.stringify(cases))
}

/** A folder with `suite.json` (written with `indent`) and tools.json; returns the suite file. */
function jsonSuite(name: string, suite: Record<string, unknown>, indent?: number | string): string {
  const dir = join(scratch, name)
  cpSync(join(projectRoot, 'suites', 'weather'), dir, { recursive: true })
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite.json'), JSON.stringify({ tools: './tools.json', ...suite }, null, indent))
  return join(dir, 'suite.json')
}

describe('a suite opened for a run builds the cases loadSuite builds', () => {
  it('for the bundled suites, written as JSON (and read from YAML as they are)', async () => {
    for (const name of readdirSync(join(projectRoot, 'suites')).filter((entry) => !entry.endsWith('.json'))) {
      const dir = join(scratch, `bundled-${name}`)
      cpSync(join(projectRoot, 'suites', name), dir, { recursive: true })
      const yamlFile = join(dir, 'suite.yaml')
      const value = parse(readFile(yamlFile)) as unknown
      rmSync(yamlFile)
      writeFileSync(join(dir, 'suite.json'), JSON.stringify(value, null, 2))
      const { loaded, opened } = await bothWays(join(dir, 'suite.json'))
      expect(loaded.cases.length).toBeGreaterThan(0)
      expectSame(loaded, opened)
      const fromYaml = await bothWays(join(projectRoot, 'suites', name, 'suite.yaml'))
      expectSame(fromYaml.loaded, fromYaml.opened)
    }
  })

  it('for generated suites, however written', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 })
    const rawCase = fc.record({
      prompt: text,
      system: fc.option(text, { nil: undefined }),
      tool_choice: fc.option(fc.constantFrom('auto', 'none', 'required', { name: 'lookup' }), { nil: undefined }),
      parallel_tool_calls: fc.option(fc.boolean(), { nil: undefined }),
      max_turns: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
      tools: fc.option(fc.constantFrom(['lookup'], ['get_weather', 'lookup']), { nil: undefined }),
      expect: fc.option(fc.record({
        calls: fc.array(fc.oneof(
          fc.record({ name: fc.constant('get_weather'), args: fc.record({ city: fc.oneof(text, fc.array(text, { maxLength: 3 })) }) }),
          fc.record({ name: fc.constant('lookup'), args: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(text, fc.integer(), fc.boolean())) }),
        ), { maxLength: 3 }),
        order: fc.constantFrom('any', 'strict'),
        final: fc.option(fc.record({ contains: fc.oneof(text, fc.array(text, { maxLength: 2 })) }), { nil: undefined }),
      }), { nil: undefined }),
    }, { requiredKeys: ['prompt'] })
    let run = 0
    await fc.assert(fc.asyncProperty(fc.array(rawCase, { minLength: 1, maxLength: 8 }), fc.constantFrom(undefined, 2, '\t'), fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), async (cases, indent, maxTurns) => {
      const file = jsonSuite(`generated-${run++}`, {
        name: 'generated',
        ...(maxTurns ? { max_turns: maxTurns } : {}),
        stubs: { get_weather: [{ result: { sky: 'sunny' } }] },
        cases: cases.map((testCase, index) => JSON.parse(JSON.stringify({ id: `case-${index}`, ...testCase }))),
      }, indent)
      const { loaded, opened } = await bothWays(file)
      expectSame(loaded, opened)
    }), { numRuns: 40 })
  })
})

describe('a suite opened for a run fails as loadSuite fails', () => {
  const good = (index: number) => ({ id: `case-${index}`, prompt: 'x', expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }] } })
  const variants: Record<string, (index: number) => unknown> = {
    'a reference error early, a schema error late (the schema error first)': (index) => (index === 3 ? { ...good(index), expect: { calls: [{ name: 'nope' }] } } : index === 40 ? { ...good(index), extra: 1 } : good(index)),
    'a duplicate id early, a schema error late': (index) => (index === 3 ? good(1) : index === 40 ? { id: 'x' } : good(index)),
    'a key repeated with two values in a case': (index) => (index === 7 ? 'REPEATED' : good(index)),
  }
  for (const [name, caseAt] of Object.entries(variants)) {
    it(name, async () => {
      const text = JSON.stringify({ name: 'broken', tools: './tools.json', cases: Array.from({ length: 50 }, (_, index) => caseAt(index)) }, null, 2)
        .replace('"REPEATED"', '{ "id": "dup", "prompt": "a", "prompt": "b" }')
      const file = jsonSuite(`broken-${name.length}`, {})
      writeFileSync(file, text)
      const loadError = await loadSuite(file).catch((error: unknown) => error as Error)
      const openError = await McpServers.during((servers) => openSuite(file, servers)).catch((error: unknown) => error as Error)
      expect(InputError.isInstance(loadError)).toBe(true)
      expect(openError).toEqual(loadError)
      expect((openError as InputError).location).toEqual((loadError as InputError).location)
    })
  }

  it('and loads a key repeated with one value as loadSuite does', async () => {
    const file = jsonSuite('repeated-same', {})
    writeFileSync(file, JSON.stringify({ name: 'same', tools: './tools.json', cases: [good(0), 'REPEATED'] }).replace('"REPEATED"', '{ "id": "dup", "prompt": "a", "prompt": "a" }'))
    const loaded = await loadSuite(file)
    const opened = await McpServers.during(async (servers) => {
      const source = await openSuite(file, servers)
      const cases = [await source.caseAt(0), await source.caseAt(1)]
      source.close()
      return { suite: source.suite, cases }
    })
    expect(loaded.cases[1]).toMatchObject({ id: 'dup', messages: [{ role: 'user', content: 'a' }] })
    expectSame(loaded, opened)
  })
})

describe('a suite file that changes while it is open', () => {
  const suite = (prompt: string) => ({ name: 'changing', cases: [{ id: 'a', prompt: 'first' }, { id: 'b', prompt }] })

  it('still gives the cases it was opened with when it is replaced by a new file', async () => {
    const file = jsonSuite('replaced', suite('second'))
    await McpServers.during(async (servers) => {
      const source = await openSuite(file, servers)
      writeFileSync(`${file}.new`, JSON.stringify({ tools: './tools.json', ...suite('changed') }))
      renameSync(`${file}.new`, file)
      expect((await source.caseAt(1)).messages).toEqual([{ role: 'user', content: 'second' }])
      source.close()
    })
  })

  it('is an InputError naming the case when it is rewritten in place', async () => {
    const file = jsonSuite('rewritten', suite('second'))
    await McpServers.during(async (servers) => {
      const source = await openSuite(file, servers)
      writeFileSync(file, JSON.stringify({ tools: './tools.json', ...suite('SECOND') }))
      expect((await source.caseAt(0)).id).toBe('a')
      const error = await source.caseAt(1).catch((caught: unknown) => caught)
      expect(InputError.isInstance(error)).toBe(true)
      expect((error as InputError).location).toEqual({ file, field: 'cases.1' })
      source.close()
    })
  })
})

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
