import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

// What a hostile model, tool, server or file writes: clear the screen, a hidden OSC 8 link, a C1 CSI cursor move,
// a right-to-left override, a carriage return that overwrites the line and a newline that forges one.
const evil = 'EVIL\x1b[2J\x1b]8;;http://x\x07\x9b1A\u202eRTL\rCR\nNL'
/** Any character a terminal acts on, but the newlines and tabs of the format itself. */
const active = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/
/** JSON with every non-ASCII control written as \u escapes (JSON.stringify leaves C1 and bidi raw). */
const json = (value: unknown) => JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
const hostileServer = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hostile-mcp-server.mjs')

/** The output is text only: no control character but the format's own line breaks, and the hostile value still shows, escaped. */
function expectInert(output: string): void {
  expect(output).not.toMatch(active)
  // A model's newline is escaped too: it cannot forge a line of the format.
  expect(output).not.toMatch(/^NL/m)
  expect(output).toContain('EVIL\\x1b[2J\\x1b]8;;http://x\\x07\\x9b1A\\u202eRTL\\rCR\\nNL')
}

const tools = [{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]

/** A run whose model calls a tool named by the attacker, answers with escape sequences, and whose case id is one. */
function hostileRun() {
  const dir = tempFiles({
    'tools.json': json(tools),
    'suite.json': json({
      name: 'hostile',
      tools: './tools.json',
      stubs: { get_weather: [{ result: { report: evil } }] },
      cases: [
        { id: `paris${evil}`, prompt: `Weather in Paris?${evil}`, expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }], final: { contains: 'Sunny' } } },
        { id: 'rome', prompt: 'Weather in Rome?', expect: { calls: [{ name: 'get_weather', args: { city: 'Rome' } }] } },
      ],
    }),
    'script.json': json({
      [`paris${evil}`]: [
        { tool_calls: [{ id: 'c1', name: 'get_weather', arguments: { city: evil } }, { id: 'c2', name: `delete_all${evil}`, arguments: `{"x": "${evil.replace(/[\x00-\x1f]/g, '')}` }] },
        { content: `Rainy${evil}` },
      ],
      rome: [{ tool_calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Rome' } }] }, { content: 'Sunny.' }],
    }),
  })
  return { dir, args: ['run', join(dir, 'suite.json'), '--model', `scripted:${join(dir, 'script.json')}`, '--out', join(dir, 'out')] }
}

describe('terminal output is inert: nothing a model, tool, server or file wrote reaches the terminal unescaped', () => {
  it('run: the failure list (and warnings)', async () => {
    const { args } = hostileRun()
    const result = await runMain(args)
    expect(result.code).toBe(1)
    expectInert(result.stdout + result.stderr)
  })

  it('show: prompt, calls, raw arguments, tool results, final text, failures', async () => {
    const { args, dir } = hostileRun()
    await runMain(args)
    const shown = await runMain(['show', join(dir, 'out', 'report.json'), '--all'])
    expect(shown.code).toBe(0)
    expectInert(shown.stdout + shown.stderr)
  })

  it('compare: models, suites and cases of a report file, text and Markdown', async () => {
    const { args, dir } = hostileRun()
    await runMain(args)
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
    // Base passed every case, head is the run as it is: Paris is newly broken; a report is a file anyone can write.
    const base = { ...report, results: report.results.map((result) => ({ ...result, passed: true, verdict: 'passed', failures: [] })) }
    writeFileSync(join(dir, 'base.json'), json(base))
    for (const flags of [[], ['--markdown']]) {
      const compared = await runMain(['compare', join(dir, 'base.json'), join(dir, 'out', 'report.json'), ...flags])
      expect(compared.code, compared.stderr).toBe(0)
      expectInert(compared.stdout + compared.stderr)
    }
  })

  it('mcp list: a server\'s name, tools, descriptions and parameters, text and --json', async () => {
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(hostileServer)}`
    const text = await runMain(['mcp', 'list', line])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).not.toMatch(active)
    expect(text.stdout).toContain('lookupEVIL\\x1b[2J')
    const listed = await runMain(['mcp', 'list', line, '--json'])
    expect(listed.stdout).not.toMatch(active)
    // --json stays the same data: the escapes are JSON's own.
    expect((JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools[0]?.name).toBe(`lookup${evil}`)
  })

  it('lint-tools: tool names and descriptions of a tools file and of an MCP server, text and --json', async () => {
    const dir = tempFiles({ 'tools.json': json([{ name: `get_weather${evil}`, description: `x${evil}`, parameters: { type: 'object', properties: { [`city${evil}`]: { type: 'string' } } } }]) })
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(hostileServer)}`
    const text = await runMain(['lint-tools', join(dir, 'tools.json'), '--mcp', line])
    expectInert(text.stdout + text.stderr)
    const listed = await runMain(['lint-tools', join(dir, 'tools.json'), '--json'])
    expect(listed.stdout).not.toMatch(active)
    expect(JSON.stringify(JSON.parse(listed.stdout))).toContain(JSON.stringify(`get_weather${evil}`).slice(1, -1))
  })

  it('tokens --mcp and merge: tool names of a server, models and suites of shard reports', async () => {
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(hostileServer)}`
    const counted = await runMain(['tokens', '--mcp', line, '--model', 'openai:gpt-4o'])
    expect(counted.code, counted.stderr).toBe(0)
    expect(counted.stdout).not.toMatch(active)
    expect(counted.stdout).toContain('EVIL\\x1b[2J')
    const { args, dir } = hostileRun()
    await runMain(args)
    const merged = await runMain(['merge', join(dir, 'out', 'report.json'), '--out', join(dir, 'merged')])
    expect(merged.code).toBe(1)
    expect(merged.stdout + merged.stderr).not.toMatch(active)
  })

  it('bad input: an error quoting a file\'s key or value', async () => {
    const dir = tempFiles({ 'suite.json': json({ name: 'bad', tools: [], cases: [{ id: 'a', prompt: 'hi', expect: {}, [`tool_choise${evil}`]: 'auto' }] }) })
    const result = await runMain(['run', join(dir, 'suite.json'), '--model', 'baseline', '--out', join(dir, 'out')])
    expect(result.code).toBe(2)
    expectInert(result.stdout + result.stderr)
  })
})
