import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { loadSuite, runCase } from '../../src/index.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from '../mcp/helpers.ts'

// The library's runCase gives a suite's per_case MCP servers their case scope as `toolgauge run` does — also for
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
