// RunOptions' callbacks (onWarning, onStart, onResult) are the library user's harness code. One that throws — any
// value, or a promise it returns rejecting — used to escape the run: a throw of onResult ended the run with no
// report.json, one of onWarning or onStart before the first request ended it before any case. Now the run goes on,
// every result is journaled and in the report, no verdict changes, and each callback that threw is said once.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyUsage, type ModelTurn } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityCases, weatherToolsJson } from '../helpers/two-city-suite.ts'

const turn = (toolCalls: ModelTurn['toolCalls'], text = ''): ModelTurn => ({ text, toolCalls, finishReason: { unified: toolCalls.length > 0 ? 'tool-calls' : 'stop', raw: 'x' }, usage: emptyUsage, latencyMs: 0 })

/** Calls get_weather for the case's city, then answers; `warnings` are what its checkCases says (a slip, not an error). */
function model(warnings: readonly string[] = []): Provider {
  return {
    id: 'agent',
    checkCases: () => warnings,
    doGenerate: (request) => Promise.resolve(request.messages.at(-1)?.role === 'tool'
      ? turn([], 'Done.')
      : turn([{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city: request.context.caseId === 'oslo' ? 'Oslo' : 'Paris' }) }])),
  }
}

let stderr = ''
afterEach(() => {
  vi.restoreAllMocks()
  stderr = ''
})

/** Runs the two-city suite with `callbacks`; returns the outcome, the journal's cases and what reached stderr. */
async function run(callbacks: Pick<RunOptions, 'onWarning' | 'onStart' | 'onResult'>, warnings: readonly string[] = []) {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  const dir = tempFiles({ 'tools.json': weatherToolsJson, 'suite.yaml': ['name: callbacks', 'tools: ./tools.json', ...twoCityCases].join('\n') })
  const outDir = join(dir, 'out')
  const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: ['agent'], providers: [model(warnings)], outDir, concurrency: 1, ...callbacks })
  const journal = readFileSync(join(outDir, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { case: string }).case)
  expect(existsSync(join(outDir, 'report.json'))).toBe(true)
  expect(outcome.report.results.map((result) => [result.case, result.verdict])).toEqual([['oslo', 'passed'], ['paris', 'passed']])
  expect(journal).toEqual(['oslo', 'paris'])
  expect(outcome.exitCode).toBe(0)
  return { outcome, stderr }
}

describe('an onResult that throws stops nothing', () => {
  it('a throw of a string on every result: both cases journaled and reported, one warning with the count', async () => {
    const warnings: string[] = []
    await run({ onResult: () => { throw 'no progress bar' }, onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual(['RunOptions.onResult threw 2 times (first: no progress bar); the run went on: every result is journaled and in the report, and no verdict changed'])
  })

  it('an async onResult whose promise rejects (which nothing awaited) is counted the same, not a crash', async () => {
    const warnings: string[] = []
    await run({ onResult: async () => { throw new TypeError('async boom') }, onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual([expect.stringContaining('RunOptions.onResult threw 2 times (first: TypeError: async boom)')])
  })

  it('without an onWarning the count is printed on stderr', async () => {
    const { stderr } = await run({ onResult: () => { throw Object.create(null) } })
    expect(stderr).toContain('warning: RunOptions.onResult threw 2 times (first: {})')
  })
})

describe('an onWarning or onStart that throws stops nothing', () => {
  it('onWarning throwing a value with no prototype: the warning it was given, and that it threw, are printed on stderr (inert)', async () => {
    const { stderr } = await run({ onWarning: () => { throw Object.create(null) } }, ['a scripted key \u001b[2Jnames no case'])
    expect(stderr).toContain('warning: a scripted key \\x1b[2Jnames no case')
    expect(stderr).not.toContain('\u001b[2J')
    expect(stderr).toContain('warning: RunOptions.onWarning threw once (first: {}); the run went on')
    expect(stderr).toContain('(its warnings were printed here instead)')
  })

  it('onStart throwing: the cases still run, and onWarning says so', async () => {
    const warnings: string[] = []
    await run({ onStart: () => { throw new Error('no terminal') }, onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual([expect.stringContaining('RunOptions.onStart threw once (first: Error: no terminal)')])
  })
})
