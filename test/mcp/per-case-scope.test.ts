// Whether withCase gives each case a scope for per_case MCP servers is decided by the server set running it — the
// servers it listed and the cases bound to it — not by what else the process ran before or runs beside it.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { loadSuite, openMcpServers, runCase } from '../../src/index.ts'
import { serversOf } from '../../src/mcp/server-pool.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from './helpers.ts'

/** A suite with one echo server (`per_case` or shared; pids to `pids`) and a case `one` calling it, and its script. */
function echoSuite(perCase: boolean): { pids: string; suiteFile: string; model: string } {
  const dir = tempFiles({})
  const pids = join(dir, 'pids')
  writeFileSync(join(dir, 'suite.yaml'), [
    `name: ${perCase ? 'per-case' : 'shared'}`,
    'tools:',
    `  - mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], per_case: ${perCase}, env: { PID_FILE: ${q(pids)} } }`,
    'cases:',
    '  - { id: one, prompt: go, expect: { calls: [{ name: echo }] } }',
  ].join('\n'))
  writeFileSync(join(dir, 'script.yaml'), 'one: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: one } }] }, { content: done }]\n')
  return { pids, suiteFile: join(dir, 'suite.yaml'), model: `scripted:${join(dir, 'script.yaml')}` }
}

const outputs = (result: CaseResult) => result.turns.flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])

it('a run with per_case servers leaves a concurrent and a later run without them unscoped; a Suite loaded beforehand scopes the run that binds it', async () => {
  const perCase = echoSuite(true)
  const shared = echoSuite(false)
  const [withPerCase, concurrent, later, bound] = [openMcpServers(), openMcpServers(), openMcpServers(), openMcpServers()]
  try {
    const [a, b] = await Promise.all([
      runCase({ suite: perCase.suiteFile, case: 'one', model: perCase.model, mcp: withPerCase }),
      runCase({ suite: shared.suiteFile, case: 'one', model: shared.model, mcp: concurrent }),
    ])
    expect([outputs(a.result), outputs(b.result)]).toEqual([[[false, 'echo: one']], [[false, 'echo: one']]])
    expect(serversOf(withPerCase, 'test').scopesCases).toBe(true)
    expect(serversOf(concurrent, 'test').scopesCases).toBe(false)
    const c = await runCase({ suite: shared.suiteFile, case: 'one', model: shared.model, mcp: later })
    expect(outputs(c.result)).toEqual([[false, 'echo: one']])
    expect(serversOf(later, 'test').scopesCases).toBe(false)
    // Listed by loadSuite's own servers (closed since): the servers that run its case learn it from the case.
    const suite = await loadSuite(perCase.suiteFile)
    const d = await runCase({ suite, case: 'one', model: perCase.model, mcp: bound })
    expect(outputs(d.result)).toEqual([[false, 'echo: one']])
    expect(serversOf(bound, 'test').scopesCases).toBe(true)
  } finally {
    await Promise.all([withPerCase, concurrent, later, bound].map((servers) => servers.close()))
  }
  expect(alive([...pidsIn(perCase.pids), ...pidsIn(shared.pids)])).toEqual([])
})
