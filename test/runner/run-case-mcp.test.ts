import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { verdictOf } from '../../src/core/verdict.ts'
import { loadSuite, runCase } from '../../src/index.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from '../mcp/helpers.ts'

// The library's runCase runs a suite's MCP servers as `toolgauge run` does. A Suite loaded beforehand with loadSuite
// is plain data (loadSuite closed the servers it listed): runCase starts the shared servers its case calls and
// closes them when it returns. And it gives a suite's per_case MCP servers their case scope as `toolgauge run` does — also for
// a Suite loaded beforehand with loadSuite, whose servers runCase did not start: each case its own process, its
// calls answered there, the process gone when the case ends.

/** A suite with one per_case echo server (pids to `pids`) and two cases calling it, and the script that plays them. */
function perCaseSuite(): { dir: string; suiteFile: string; model: string } {
  const dir = tempFiles({})
  const files: Record<string, string> = {
    'suite.yaml': [
      'name: per-case',
      'tools:',
      `  - mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], per_case: true, env: { PID_FILE: ${q(join(dir, 'pids'))} } }`,
      'cases:',
      '  - { id: one, prompt: go, expect: { calls: [{ name: echo }] } }',
      '  - { id: two, prompt: go, expect: { calls: [{ name: echo }] } }',
    ].join('\n'),
    'script.yaml': [
      'one: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: one } }] }, { content: done }]',
      'two: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: two } }] }, { content: done }]',
    ].join('\n'),
  }
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
  return { dir, suiteFile: join(dir, 'suite.yaml'), model: `scripted:${join(dir, 'script.yaml')}` }
}

/** `[isError, content]` of each tool execution of a result. */
const outputs = (result: CaseResult | undefined) => (result?.turns ?? []).flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])

describe('runCase with per_case MCP servers, as toolgauge run runs them', () => {
  it('toolgauge run (the reference): each case calls its own server process, and none is left', async () => {
    const { dir, suiteFile, model } = perCaseSuite()
    const outcome = await runEvaluation({ suitePaths: [suiteFile], models: [model], outDir: join(dir, 'out'), concurrency: 1 })
    expect(outcome.report.results.map(outputs)).toEqual([[[false, 'echo: one']], [[false, 'echo: two']]])
    // One process listed the tools at load, then one per case.
    expect(new Set(pidsIn(join(dir, 'pids'))).size).toBe(3)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a Suite loaded beforehand: each runCase starts the case its own server, its calls are answered, it is gone after', async () => {
    const { dir, suiteFile, model } = perCaseSuite()
    const suite = await loadSuite(suiteFile)
    const one = await runCase({ suite, case: 'one', model })
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    const two = await runCase({ suite, case: 'two', model })
    expect([one.result.failures, two.result.failures].flat().map((failure) => failure.message)).toEqual([])
    expect([outputs(one.result), outputs(two.result)]).toEqual([[[false, 'echo: one']], [[false, 'echo: two']]])
    expect(new Set(pidsIn(join(dir, 'pids'))).size).toBe(3)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a suite given by path: the case\'s own server answers its calls, and is gone after', async () => {
    const { dir, suiteFile, model } = perCaseSuite()
    const two = await runCase({ suite: suiteFile, case: 'two', model })
    expect(outputs(two.result)).toEqual([[false, 'echo: two']])
    expect(two.result.failures).toEqual([])
    expect(new Set(pidsIn(join(dir, 'pids'))).size).toBe(2)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it("a Suite loaded beforehand: its servers' expanded ${VAR} values are secrets of runCase's result, redacted", async () => {
    process.env.TOOLGAUGE_TEST_MCP_SECRET = 'mcp-secret-4711'
    try {
      const { dir, suiteFile, model } = perCaseSuite()
      writeFileSync(suiteFile, readFileSync(suiteFile, 'utf8').replace('env: { PID_FILE:', 'env: { TOKEN: "${TOOLGAUGE_TEST_MCP_SECRET}", PID_FILE:'))
      writeFileSync(join(dir, 'script.yaml'), 'one: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: mcp-secret-4711 } }] }, { content: done }]\n')
      const suite = await loadSuite(suiteFile)
      const { result } = await runCase({ suite, case: 'one', model })
      expect(outputs(result)).toEqual([[false, 'echo: [redacted]']])
      expect(JSON.stringify(result)).not.toContain('mcp-secret-4711')
    } finally {
      delete process.env.TOOLGAUGE_TEST_MCP_SECRET
    }
  })
})

/** A suite with one shared echo server (pids to `pids`, its `${VAR}` env as given) and two cases calling it. */
function sharedSuite(env = ''): { dir: string; suiteFile: string; model: string } {
  const { dir, suiteFile, model } = perCaseSuite()
  writeFileSync(suiteFile, readFileSync(suiteFile, 'utf8').replace(', per_case: true', '').replace('env: { PID_FILE:', `env: { ${env}PID_FILE:`))
  return { dir, suiteFile, model }
}

describe('runCase with shared MCP servers on a Suite loaded beforehand', () => {
  it('each runCase starts the suite\'s server for the call: its calls are answered there, the case passes, the process is gone after', async () => {
    const { dir, suiteFile, model } = sharedSuite()
    const suite = await loadSuite(suiteFile)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    const one = await runCase({ suite, case: 'one', model })
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    const two = await runCase({ suite, case: 'two', model })
    expect([one.result.failures, two.result.failures].flat().map((failure) => failure.message)).toEqual([])
    expect([verdictOf(one.result), verdictOf(two.result)]).toEqual(['passed', 'passed'])
    expect([outputs(one.result), outputs(two.result)]).toEqual([[[false, 'echo: one']], [[false, 'echo: two']]])
    // One process listed the tools at load, then one per runCase call.
    expect(new Set(pidsIn(join(dir, 'pids'))).size).toBe(3)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it("its ${VAR} values are secrets of runCase's result, redacted", async () => {
    process.env.TOOLGAUGE_TEST_MCP_SHARED_SECRET = 'shared-secret-0815'
    try {
      const { dir, suiteFile, model } = sharedSuite('TOKEN: "${TOOLGAUGE_TEST_MCP_SHARED_SECRET}", ')
      writeFileSync(join(dir, 'script.yaml'), 'one: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: shared-secret-0815 } }] }, { content: done }]\n')
      const suite = await loadSuite(suiteFile)
      const { result } = await runCase({ suite, case: 'one', model })
      expect(outputs(result)).toEqual([[false, 'echo: [redacted]']])
      expect(JSON.stringify(result)).not.toContain('shared-secret-0815')
      expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    } finally {
      delete process.env.TOOLGAUGE_TEST_MCP_SHARED_SECRET
    }
  })

  it('a server that no longer starts when runCase calls it: the case is errored (harness_error), not failed', async () => {
    const { dir, suiteFile, model } = sharedSuite()
    // A launcher the suite runs, removed once the suite is loaded: the next start of the server fails.
    const launcher = join(dir, 'launch-echo.mjs')
    writeFileSync(launcher, `await import(${q(pathToFileURL(fixture('echo-server.mjs')).href)})\n`)
    writeFileSync(suiteFile, readFileSync(suiteFile, 'utf8').replace(q(fixture('echo-server.mjs')), q(launcher)))
    const suite = await loadSuite(suiteFile)
    rmSync(launcher)
    const { result } = await runCase({ suite, case: 'one', model })
    expect(result.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(verdictOf(result)).toBe('errored')
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })
})
