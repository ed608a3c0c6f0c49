import { join } from 'node:path'
import { describe, expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import { tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

// describeSuite leaves each test's tool sets on its meta, which the reporter writes into report.json's toolSets:
// an MCP server quoting its ${VAR} value in a tool description must not reach them.
const token = 'tg-vitest-leaky-token-9a9a'
process.env.TG_VITEST_LEAKY_TOKEN = token
const q = (value: string) => JSON.stringify(value)
const dir = tempFiles({
  'suite.yaml': ['name: leaky-vitest', 'tools:', `  - mcp: { command: ${q(process.execPath)}, args: [${q(join(projectRoot, 'test/cli/fixtures/leaky-mcp-server.mjs'))}], env: { TOKEN: "\${TG_VITEST_LEAKY_TOKEN}" } }`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
  'script.yaml': 'look: [{ tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }] }, { content: done }]\n',
})
describeSuite(join(dir, 'suite.yaml'), { model: `scripted:${join(dir, 'script.yaml')}` })

type TaskTree = { readonly type: string; readonly name: string; readonly meta: TaskMeta; readonly tasks?: readonly TaskTree[] }
describe('describeSuite tool sets', () => {
  it("carry no ${VAR} value of the suite's MCP servers", ({ task }) => {
    const tests = (task.file.tasks as readonly TaskTree[]).flatMap(function all(entry): TaskTree[] { return [entry, ...(entry.tasks ?? []).flatMap(all)] })
    const meta = tests.find((entry) => entry.name.startsWith('leaky-vitest/look'))?.meta.toolgauge
    expect(JSON.stringify(meta?.result)).not.toContain(token)
    expect(JSON.stringify(meta?.toolSets)).toContain('[redacted]')
    expect(JSON.stringify(meta?.toolSets)).not.toContain(token)
  })
})
