// --resume keeps a result only while the code that decided it is the same. A local (stdio) MCP server answers the
// case's tool calls: the script its command line names (`node ./server.mjs`) and the local files it imports decide
// those answers as much as a live stub module does. A changed server re-runs the results it answered; an untouched
// one keeps them; a server naming no local file (a package's) keeps the fingerprint it always had.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Case } from '../../src/core/case.ts'
import { InputError } from '../../src/core/errors.ts'
import { serverFiles } from '../../src/mcp/server-files.ts'
import { parseServerEntry } from '../../src/mcp/server-spec.ts'
import { Fingerprints } from '../../src/runner/fingerprint.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { q, serverBin } from '../mcp/helpers.ts'

/** A stdio MCP server without the SDK (a temporary folder has no node_modules): its answer comes from ./lib/sky.mjs. */
const server = [
  "import { createInterface } from 'node:readline'",
  "import { sky } from './lib/sky.mjs'",
  "const send = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n')",
  "const tool = { name: 'get_weather', description: 'Weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, annotations: { readOnlyHint: true } }",
  "createInterface({ input: process.stdin }).on('line', (line) => {",
  '  const { id, method, params } = JSON.parse(line)',
  '  if (id === undefined) return',
  "  if (method === 'initialize') send(id, { protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'weather', version: '1.0.0' } })",
  "  else if (method === 'tools/list') send(id, { tools: [tool] })",
  "  else if (method === 'tools/call') send(id, { content: [{ type: 'text', text: sky(params.arguments.city) }] })",
  "  else process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'unknown method' } }) + '\\n')",
  '})',
].join('\n')
const cities = ['Paris', 'Rome']
// The server runs in the suite's folder (`cwd: .`) and is named relative to it, as the spawn resolves it.
const suite = ['name: mcp-files', 'tools:', `  - mcp: { command: ${q(process.execPath)}, args: [./server.mjs], cwd: ., env: { WEATHER_TOKEN: "\${TG_TEST_MCP_FILES_TOKEN}" } }`, 'cases:',
  ...cities.flatMap((city) => [`  - id: ${city.toLowerCase()}`, `    prompt: Weather in ${city}?`, '    expect:', `      calls: [{ name: get_weather, args: { city: ${city} } }]`]),
].join('\n')
const script = cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.']).join('\n')

describe('--resume and a local MCP server\'s files', () => {
  it('a changed server script, or a file it imports, re-runs the cases it answered; the journal holds no secret', async () => {
    process.env.TG_TEST_MCP_FILES_TOKEN = 'tok-7f3a9c1e5b2d'
    try {
      const dir = tempFiles({ 'suite/suite.yaml': suite, 'suite/server.mjs': server, 'suite/lib/sky.mjs': 'export const sky = (city) => `${city}: sunny`\n', 'script.yaml': script })
      const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]
      const first = await runMain(args)
      expect(first.code, first.stderr).toBe(0)
      expect((await runMain([...args, '--resume'])).stdout).toContain('2 result(s) kept, 0 re-run')
      writeFileSync(join(dir, 'suite/lib/sky.mjs'), 'export const sky = (city) => `${city}: rain`\n')
      expect((await runMain([...args, '--resume'])).stdout).toContain('0 result(s) kept, 2 re-run')
      expect((await runMain([...args, '--resume'])).stdout).toContain('2 result(s) kept, 0 re-run')
      writeFileSync(join(dir, 'suite/server.mjs'), `${server}\n// edited\n`)
      expect((await runMain([...args, '--resume'])).stdout).toContain('0 result(s) kept, 2 re-run')
      const journal = readFileSync(join(dir, 'out/results.jsonl'), 'utf8')
      expect(journal).toContain('rain')
      expect(journal).not.toContain('tok-7f3a9c1e5b2d')
    } finally {
      delete process.env.TG_TEST_MCP_FILES_TOKEN
    }
  })
})

describe('the fingerprint of a case whose MCP server names no local file', () => {
  it('is the one its command line alone gives (a package in node_modules is versioned by the lockfile)', async () => {
    const dir = tempFiles({ 'suite.yaml': ['name: memory', 'tools:', `  - mcp: { command: ${q(process.execPath)}, args: [${q(serverBin('@modelcontextprotocol/server-memory'))}], allow: all }`, 'cases:', '  - { id: one, prompt: Remember Paris., expect: { calls: [{ name: create_entities }] } }'].join('\n') })
    const testCase = (await loadSuite(join(dir, 'suite.yaml'))).cases[0]!
    expect(Object.values(testCase.stubs).some((stub) => stub.type === 'function')).toBe(true)
    // The same stubs as plain objects, no server behind them: what the fingerprint hashed before servers' files were.
    const labelsOnly: Case = { ...testCase, stubs: Object.fromEntries(Object.entries(testCase.stubs).map(([name, stub]) => [name, { ...stub }])) }
    expect(await new Fingerprints().of(testCase, 'm', {}, undefined)).toBe(await new Fingerprints().of(labelsOnly, 'm', {}, undefined))
  })
})

describe('the local files a stdio server\'s command line names', () => {
  const dir = tempFiles({ 'suite/server.mjs': '', 'suite/root/server.mjs': '', 'suite/root/data.json': '{}', 'suite/node_modules/pkg/index.js': '', 'suite/cli.mjs': '', 'suite/server.sh': '#!/bin/sh\nexec python3 server.py\n', 'suite/tool-bin': '\u007fELF' })
  const suiteDir = join(dir, 'suite')
  const files = (raw: Record<string, unknown>) => serverFiles(parseServerEntry(raw, suiteDir, (field, message) => new InputError(message, { field }))).map((file) => [file.word, file.path, file.module])

  it('resolves each arg against the server\'s working directory, as the spawn does; a folder, a package or a missing file is none', () => {
    expect(files({ command: 'node', args: ['./server.mjs', 'root', './node_modules/pkg/index.js', 'absent.mjs', '--flag'], cwd: '.' }))
      .toEqual([['./server.mjs', join(suiteDir, 'server.mjs'), true]])
    expect(files({ command: 'python3', args: ['data.json'], cwd: './root' })).toEqual([['data.json', join(suiteDir, 'root/data.json'), false]])
    // No cwd: toolgauge's own working directory, where a relative path is looked for.
    expect(files({ command: 'node', args: ['./server.mjs'] })).toEqual([])
  })

  it('a server running in a copy of workdir: finds its files in workdir:, ${WORKDIR} naming it; a script command counts, a binary not', () => {
    expect(files({ command: 'node', args: ['server.mjs', '${WORKDIR}/data.json'], workdir: './root' }))
      .toEqual([['server.mjs', join(suiteDir, 'root/server.mjs'), true], ['${WORKDIR}/data.json', join(suiteDir, 'root/data.json'), false]])
    expect(files({ command: 'node', args: ['${WORKDIR}/server.mjs'] })).toEqual([])
    // A relative command is the suite's (server-spec.ts resolves it so).
    expect(files({ command: './cli.mjs', args: [] })).toEqual([[join(suiteDir, 'cli.mjs'), join(suiteDir, 'cli.mjs'), true]])
    expect(files({ command: process.execPath, args: [] })).toEqual([])
  })

  it('a command that is a script in another language counts by its #! line; a binary given by its path not', () => {
    expect(files({ command: './server.sh', args: [] })).toEqual([[join(suiteDir, 'server.sh'), join(suiteDir, 'server.sh'), false]])
    expect(files({ command: './tool-bin', args: [] })).toEqual([])
  })
})
