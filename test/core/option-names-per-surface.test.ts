// A library call's bad option is named as the library names it (shard, filter, outDir, repeatUntil, categories,
// bfclSource, keepDotsFor, allowRepair), never by the CLI flag a library user has not got; the CLI still names its flags. The words come from
// one table (core/option-names.ts), as test/vitest/option-names-in-errors.test.ts pins for a model's key and server.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createProvider, fuzzValidator, importCategories, runEvaluation, scoreResults } from '../../src/index.ts'
import { coercingValidateArgs } from '../../examples/fuzz/validate.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { thrownInputError } from '../helpers/input-error.ts'
import { MissingApiKeyError } from '../../src/core/errors.ts'

const anyFlag = /(^|[\s(])--[a-z]/
const dir = tempFiles({
  'four.yaml': ['name: four', 'tools: []', 'cases:', ...['a', 'b', 'c', 'd'].map((id) => `  - { id: ${id}, prompt: Hi., expect: { calls: [] } }`)].join('\n'),
  'data/BFCL_v4_simple_python.json': '',
  'data/BFCL_v4_multi_turn_long_context.json': '',
  'data/BFCL_v4_multi_turn_base.json': '',
  'results/model-a/BFCL_v4_multi_turn_long_context_result.json': `${JSON.stringify({ id: 'multi_turn_long_context_0', result: [[], []] })}\n`,
})
const data = join(dir, 'data')
const results = join(dir, 'results')

describe('runEvaluation: a shard', () => {
  it('that is no share of its count is refused, named shard (it ran no case)', async () => {
    for (const shard of [{ index: 3, count: 2 }, { index: 0, count: 2 }, { index: 1.5, count: 2 }]) {
      const outcome = await runEvaluation({ suitePaths: [join(dir, 'four.yaml')], models: ['baseline'], outDir: tempFiles({}), shard }).then(
        (run) => `resolved with ${run.report.results.length} results`,
        (error: Error) => error.message,
      )
      expect(outcome).toBe(`shard: expected index i of count n, whole numbers with 1 <= i <= n, got ${JSON.stringify(shard)}`)
    }
  })

  it('the CLI names --shard and the text given', async () => {
    expectInputError(await runMain(['run', join(dir, 'four.yaml'), '--model', 'baseline', '--shard', '3/2', '--out', tempFiles({})]), '--shard: expected index i of count n', 'got "3/2"')
  })
})

describe('runEvaluation: the case selection, the out folder and --repeat-until', () => {
  type Options = Parameters<typeof runEvaluation>[0]
  const run = (options: Omit<Options, 'suitePaths' | 'models'> & Partial<Pick<Options, 'models'>>) =>
    runEvaluation({ suitePaths: [join(dir, 'four.yaml')], models: ['baseline'], ...options }).then(() => 'resolved', (error: Error) => error.message)
  const file = join(dir, 'a-file')
  writeFileSync(file, '')

  it('are named filter, outDir, repeatUntil / repeat / resume / a min-accuracy gate in gates', async () => {
    expect(await run({ outDir: tempFiles({}), filter: 'nothing-*' })).toBe('filter: no case id matches "nothing-*"')
    expect(await run({ outDir: file })).toBe(`outDir: ${file} is a file, or inside one: outDir names the folder for report.json and results.jsonl`)
    expect(await run({ outDir: tempFiles({}), repeatUntil: 4 })).toMatch(/^repeatUntil: needs a gate of type 'min-accuracy' in gates: /)
    expect(await run({ outDir: tempFiles({}), repeatUntil: 4, repeat: 2 })).toBe('repeatUntil: give repeat or repeatUntil, not both')
    expect(await run({ outDir: tempFiles({}), repeatUntil: 4, resume: true, gates: [{ type: 'min-accuracy', threshold: 0.5 }] })).toBe('repeatUntil: resume does not continue a repeatUntil run (run it again, or use repeat)')
  })

  it('a replay folder that is not there is named replayDir, recorded with recordDir', async () => {
    const missing = join(dir, 'no-cassettes')
    expect(await run({ outDir: tempFiles({}), models: ['openai:gpt-4o'], providerOptions: { replayDir: missing } }))
      .toBe(`replayDir: the cassette folder does not exist: ${missing} (record one with recordDir ${missing})`)
  })

  it('the warning of a model maxCostUsd cannot price names maxCostUsd', async () => {
    const warnings: string[] = []
    await runEvaluation({ suitePaths: [join(dir, 'four.yaml')], models: ['openai-compatible:m'], outDir: tempFiles({}), filter: 'a', maxCostUsd: 1, providerOptions: { baseUrl: 'http://127.0.0.1:9/v1', retries: 0 }, onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual([expect.stringMatching(/^maxCostUsd cannot count what openai-compatible:m spends/)])
  })

  it('the CLI names --filter, --out and --repeat-until / --repeat', async () => {
    const cli = (...args: string[]) => runMain(['run', join(dir, 'four.yaml'), '--model', 'baseline', ...args])
    expectInputError(await cli('--out', tempFiles({}), '--filter', 'nothing-*'), '--filter: no case id matches "nothing-*"')
    expectInputError(await cli('--out', file), '--out: ', 'is a file, or inside one: --out names the folder')
    expectInputError(await cli('--out', tempFiles({}), '--repeat-until', '4', '--repeat', '2'), '--repeat-until: give --repeat or --repeat-until, not both')
  })
})

// The credentials check names the field in its surface's words (test/vitest/option-names-in-errors.test.ts); the
// error's own default was the CLI's '--model', so one built without a location would name a flag to a library caller.
describe('MissingApiKeyError', () => {
  it('named without a location is named model, as the library names it', () => {
    const error = new MissingApiKeyError('openai:gpt-4o needs an API key: set OPENAI_API_KEY', 'OPENAI_API_KEY')
    expect(error.message).toBe('model: openai:gpt-4o needs an API key: set OPENAI_API_KEY')
    expect(error.location).toEqual({ field: 'model' })
  })
})

describe('createProvider', () => {
  it("a host's name as the prefix says to reach it as openai-compatible: with providerOptions.baseUrl", async () => {
    const message = await createProvider('ollama:qwen3:8b').then(() => 'resolved', (error: Error) => error.message)
    expect(message).toMatch(/^model: unknown model spec "ollama:qwen3:8b" \(.* is "openai-compatible:qwen3:8b" with providerOptions\.baseUrl <its \/v1 URL>\)/)
  })

  it('the CLI names --base-url', async () => {
    expectInputError(await runMain(['run', join(dir, 'four.yaml'), '--model', 'ollama:qwen3:8b', '--out', tempFiles({})]), '--model: unknown model spec "ollama:qwen3:8b"', 'with --base-url <its /v1 URL>')
  })
})

describe('importCategories', () => {
  it('names categories for a category not in the data, and bfclSource for long context without it', () => {
    const unknown = thrownInputError(() => importCategories({ dataDir: data, outDir: join(dir, 'none'), categories: ['simple_pyhton'] }))
    expect(unknown.location?.field).toBe('categories')
    const source = thrownInputError(() => importCategories({ dataDir: data, outDir: join(dir, 'none'), categories: ['multi_turn_long_context'] }))
    expect(source.message).toMatch(/^bfclSource: multi_turn_long_context needs BFCL's long-context constants: give BFCL's bfcl_eval folder as bfclSource \(the folder holding .*long_context\.py\)$/)
    expect(source.message).not.toMatch(anyFlag)
  })

  it('names dataDir for a data folder that is not there, or a file missing from it', () => {
    const gone = thrownInputError(() => importCategories({ dataDir: join(dir, 'no-data'), outDir: join(dir, 'none') }))
    expect(gone.message).toBe(`${join(dir, 'no-data')}: dataDir: BFCL data directory not found`)
    const answers = thrownInputError(() => importCategories({ dataDir: data, outDir: join(dir, 'none'), categories: ['multi_turn_base'] }))
    expect(answers.message).toMatch(/^.*possible_answer.*: dataDir: no possible answer file for category "multi_turn_base"$/)
  })

  it('bfcl import names --category and --bfcl-source', async () => {
    const run = (...args: string[]) => runMain(['bfcl', 'import', '--data', data, '--out', join(dir, 'none'), ...args])
    expectInputError(await run('--category', 'simple_pyhton'), '--category: no BFCL_v4_simple_pyhton.json')
    expectInputError(await run('--category', 'multi_turn_long_context'), "--bfcl-source: multi_turn_long_context needs BFCL's long-context constants: give BFCL's bfcl_eval folder as --bfcl-source")
  })
})

describe('scoreResults', () => {
  it('names keepDotsFor for a model folder not among the results, and bfclSource for long context without it', () => {
    const keep = thrownInputError(() => scoreResults({ dataDir: data, resultsDir: results, underscoreToDot: true, keepDotsFor: ['model-b'] }))
    expect(keep.message).toMatch(/^keepDotsFor: no model folder "model-b"/)
    const source = thrownInputError(() => scoreResults({ dataDir: data, resultsDir: results }))
    expect(source.message).toMatch(/^bfclSource: .*BFCL_v4_multi_turn_long_context_result\.json \(multi_turn_long_context\) needs BFCL's long-context constants: give BFCL's bfcl_eval folder as bfclSource/)
    expect(source.message).not.toMatch(anyFlag)
  })

  it('names resultsDir for a results folder that is not there', () => {
    expect(thrownInputError(() => scoreResults({ dataDir: data, resultsDir: join(dir, 'no-results') })).message).toBe(`${join(dir, 'no-results')}: resultsDir: results directory not found`)
  })

  it('bfcl score names --data and --results', async () => {
    expectInputError(await runMain(['bfcl', 'score', '--data', data, '--results', join(dir, 'no-results'), '--out', join(dir, 'out')]), `${join(dir, 'no-results')}: --results: results directory not found`)
    expectInputError(await runMain(['bfcl', 'import', '--data', join(dir, 'no-data'), '--out', join(dir, 'none')]), `${join(dir, 'no-data')}: --data: BFCL data directory not found`)
  })

  it('bfcl score names --bfcl-source', async () => {
    expectInputError(await runMain(['bfcl', 'score', '--data', data, '--results', results, '--out', join(dir, 'out')]), "--bfcl-source: ", 'give BFCL\'s bfcl_eval folder as --bfcl-source')
  })
})

describe('fuzzValidator', () => {
  const tools = [{ name: 'count', parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } }]

  it('says to set allowRepair: true when a validator repairs silently', async () => {
    const report = await fuzzValidator({ tools, validator: coercingValidateArgs, runs: 100, seed: 1, properties: ['rejection'] })
    expect(report.findings[0]?.message).toContain('(repaired silently; set allowRepair: true if repairs are intended)')
  })

  it('the CLI says to pass --allow-repair', async () => {
    const tools = tempFiles({ 'tools.json': JSON.stringify([{ name: 'count', parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } }]) })
    const run = await runMain(['fuzz', '--tools', join(tools, 'tools.json'), '--validator', 'examples/fuzz/validate.ts#coercingValidateArgs', '--runs', '100', '--seed', '1', '--property', 'rejection'])
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('(repaired silently; pass --allow-repair if repairs are intended)')
  })
})
