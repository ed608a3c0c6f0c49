import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from '../mcp/helpers.ts'

// describeSuite runs a suite whose tools come from MCP servers as `toolgauge run` does: the run's server stays up
// for the suite's tests, a per_case server is fresh for each test, and ${VAR} values are redacted.
const token = 'tg-vitest-echo-token-5f1c'
process.env.TG_VITEST_ECHO_TOKEN = token
const echo = q(fixture('echo-server.mjs'))
const dir = tempFiles({})
writeFiles(dir, {
  'suite.yaml': [
    'name: mcp-vitest',
    'tools:',
    `  - mcp: { name: shared, command: ${q(process.execPath)}, args: [${echo}], env: { ECHO_TOKEN: "\${TG_VITEST_ECHO_TOKEN}", PID_FILE: ${q(join(dir, 'shared-pids'))} } }`,
    `  - mcp: { name: fresh, command: ${q(process.execPath)}, args: [${echo}], per_case: true, env: { PID_FILE: ${q(join(dir, 'case-pids'))} } }`,
    'cases:',
    '  - { id: echo-shared, prompt: go, expect: { calls: [{ name: shared__echo }] } }',
    '  - { id: token, prompt: go, expect: { calls: [{ name: shared__show_token }] } }',
    '  - { id: fresh-one, prompt: go, expect: { calls: [{ name: fresh__echo }] } }',
    '  - { id: fresh-two, prompt: go, expect: { calls: [{ name: fresh__echo }] } }',
  ].join('\n'),
  'script.yaml': [
    'echo-shared: [{ tool_calls: [{ id: c1, name: shared__echo, arguments: { text: hi } }] }, { content: done }]',
    'token: [{ tool_calls: [{ id: c1, name: shared__show_token, arguments: {} }] }, { content: done }]',
    'fresh-one: [{ tool_calls: [{ id: c1, name: fresh__echo, arguments: { text: one } }] }, { content: done }]',
    'fresh-two: [{ tool_calls: [{ id: c1, name: fresh__echo, arguments: { text: two } }] }, { content: done }]',
  ].join('\n'),
})
describeSuite(join(dir, 'suite.yaml'), { model: `scripted:${join(dir, 'script.yaml')}`, concurrency: 1 })

describe('describeSuite with MCP servers', () => {
  it('keeps the run\'s server alive for the suite\'s tests: calls run on it', ({ task }) => {
    expect(outputs(resultOf(task, 'echo-shared'))).toEqual([[false, 'echo: hi']])
    expect(pidsIn(join(dir, 'shared-pids'))).toHaveLength(1)
  })

  it('redacts the ${VAR} values of server entries from results, as the runner does', ({ task }) => {
    const result = resultOf(task, 'token')
    expect(outputs(result)).toEqual([[false, 'token is [redacted]']])
    expect(JSON.stringify(result)).not.toContain(token)
  })

  it('starts a per_case server afresh for each test', ({ task }) => {
    expect(outputs(resultOf(task, 'fresh-one'))).toEqual([[false, 'echo: one']])
    expect(outputs(resultOf(task, 'fresh-two'))).toEqual([[false, 'echo: two']])
    const pids = pidsIn(join(dir, 'case-pids'))
    // One process listed the tools at load, then one per test.
    expect(new Set(pids).size).toBe(3)
  })

  it('has closed every server once the suite\'s tests ended', () => {
    expect(alive([...pidsIn(join(dir, 'shared-pids')), ...pidsIn(join(dir, 'case-pids'))])).toEqual([])
  })
})

function writeFiles(folder: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content)
}

type TaskTree = { readonly type: string; readonly name: string; readonly meta: TaskMeta; readonly tasks?: readonly TaskTree[] }

/** The result a describeSuite test of this file left on its meta. */
function resultOf(task: { file: { tasks: readonly unknown[] } }, caseId: string): CaseResult | undefined {
  const walk = (tasks: readonly TaskTree[]): TaskTree | undefined => {
    for (const entry of tasks) {
      if (entry.type === 'test' && entry.name.startsWith(`mcp-vitest/${caseId} [`)) return entry
      const found = entry.tasks && walk(entry.tasks)
      if (found) return found
    }
    return undefined
  }
  const found = walk(task.file.tasks as readonly TaskTree[])
  return found ? found.meta.toolgauge?.result : undefined
}

/** `[isError, content]` of each tool execution of a result. */
const outputs = (result: CaseResult | undefined) => (result?.turns ?? []).flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])
