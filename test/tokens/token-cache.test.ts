import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const filesUnder = (dir: string): string[] => readdirSync(dir).flatMap((name) => { const path = join(dir, name); return statSync(path).isDirectory() ? filesUnder(path) : [path] })

// The stored token counts are written when the process exits: only a child process shows them.
it("an MCP server's ${VAR} value quoted in its tool description is not kept in the user cache's token counts", () => {
  const q = (value: string) => JSON.stringify(value)
  const dir = tempFiles({
    'suite.yaml': ['name: leaky', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(join(projectRoot, 'test/cli/fixtures/leaky-mcp-server.mjs'))}], env: { TOKEN: "\${TG_SECRET_MCP}" } } }`, 'cases:', '  - { id: look, prompt: go, expect: { calls: [{ name: lookup }] } }'].join('\n'),
    'script.yaml': 'look:\n  - tool_calls: [{ id: c1, name: lookup, arguments: { query: x } }]\n  - content: done\n',
  })
  const result = runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')], { env: { TG_SECRET_MCP: 'mcp-leaky-cache-4b4b', XDG_CACHE_HOME: join(dir, 'cache'), TOOLGAUGE_CACHE: undefined } })
  expect(result.code, result.stderr).toBe(0)
  expect(filesUnder(join(dir, 'cache')).filter((file) => readFileSync(file).includes('mcp-leaky-cache-4b4b'))).toEqual([])
})
