import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, serverBin } from './helpers.ts'

const memory = `${JSON.stringify(process.execPath)} ${JSON.stringify(serverBin('@modelcontextprotocol/server-memory'))}`

describe('toolgauge mcp list / tokens --mcp / lint-tools --mcp', () => {
  it('lists a server\'s tools with annotations and whether a run would execute them, then closes it', async () => {
    const dir = tempFiles({})
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture('echo-server.mjs'))}`
    const text = await runMain(['mcp', 'list', line, '--env', `PID_FILE=${join(dir, 'pids')}`])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toContain('echo server: 8 tools')
    expect(text.stdout).toMatch(/^echo {2}\[readOnly\]\n {2}Echoes the text back\n {2}params: text \(string, required\)$/m)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])

    const json = await runMain(['mcp', 'list', memory, '--json', '--env', `MEMORY_FILE_PATH=${join(dir, 'memory.jsonl')}`])
    const listed = JSON.parse(json.stdout) as { server: { name: string }; tools: { name: string; runsLive: boolean; annotations?: { readOnlyHint?: boolean } }[] }
    expect(listed.server.name).toBe('memory-server')
    expect(listed.tools.find((tool) => tool.name === 'read_graph')).toMatchObject({ runsLive: true, annotations: { readOnlyHint: true } })
    expect(listed.tools.find((tool) => tool.name === 'create_entities')).toMatchObject({ runsLive: false })
  })

  it('a server that fails to start exits 2 with the command and its stderr; shell operators are refused', async () => {
    const dir = tempFiles({})
    const failed = await runMain(['mcp', 'list', `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture('bad-server.mjs'))} exit`, '--env', `PID_FILE=${join(dir, 'pids')}`])
    expect(failed.code).toBe(2)
    expect(failed.stderr).toContain('bad-server.mjs exit" exited before completing the MCP handshake')
    expect(failed.stderr).toContain('missing configuration file')
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    const piped = await runMain(['mcp', 'list', 'node server.js | tee log'])
    expect(piped.code).toBe(2)
    expect(piped.stderr).toContain('without shell operators')
  })

  it('tokens --mcp counts the server\'s tool definitions', async () => {
    const dir = tempFiles({})
    const result = await runMain(['tokens', '--mcp', memory, '--env', `MEMORY_FILE_PATH=${join(dir, 'memory.jsonl')}`, '--model', 'openai:gpt-4o', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const count = JSON.parse(result.stdout) as { perTool: { name: string; tokens: number }[]; toolTokens: number }
    expect(count.perTool.map((tool) => tool.name).sort()).toEqual(['add_observations', 'create_entities', 'create_relations', 'delete_entities', 'delete_observations', 'delete_relations', 'open_nodes', 'read_graph', 'search_nodes'])
    expect(count.toolTokens).toBeGreaterThan(0)
    const both = await runMain(['tokens', '--mcp', memory, '--tools', 'x.json', '--model', 'openai:gpt-4o'])
    expect(both.code).toBe(2)
  })

  it('lint-tools --mcp lints the tools the server lists, beside files, and closes the server', async () => {
    const dir = tempFiles({ 'tools.json': JSON.stringify([{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]) })
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture('echo-server.mjs'))}`
    const result = await runMain(['lint-tools', join(dir, 'tools.json'), '--mcp', line, '--env', `PID_FILE=${join(dir, 'pids')}`, '--json'])
    expect(result.code, result.stderr).toBeLessThanOrEqual(1)
    const report = JSON.parse(result.stdout) as { findings: { file: string; tool: string; rule: string }[]; tools: number }
    expect(report.tools).toBe(1 + 8)
    expect(report.findings.some((finding) => finding.file === join(dir, 'tools.json') && finding.tool === 'get_weather' && finding.rule === 'missing-description')).toBe(true)
    expect(report.findings.filter((finding) => finding.file === `mcp: ${line}`).length).toBeGreaterThan(0)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])

    const failed = await runMain(['lint-tools', '--mcp', `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture('bad-server.mjs'))} exit`])
    expect(failed.code).toBe(2)
    expect(failed.stderr).toContain('--mcp')
  })
})
