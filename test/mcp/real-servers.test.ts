import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/core/message.ts'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { scriptedProvider, type ScriptedTurn } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q, serverBin } from './helpers.ts'

const node = process.execPath

/** Turns: each a list of calls `[name, raw arguments]`, then a final text. */
const turns = (calls: [string, string][][], final: string): ScriptedTurn[] => [
  ...calls.map((group, index) => ({ text: '', toolCalls: group.map(([name, rawArguments], n) => ({ id: `c${index}_${n}`, name, rawArguments })), usage: emptyUsage })),
  { text: final, toolCalls: [], usage: emptyUsage },
]

/** A scripted model that also keeps every request it got, to see what reached the model. */
function recordingScript(scripts: Record<string, ScriptedTurn[]>): { provider: Provider; requests: GenerateRequest[] } {
  const scripted = scriptedProvider('scripted:mcp', new Map(Object.entries(scripts).map(([id, script]) => [id, [script]])))
  const requests: GenerateRequest[] = []
  return { requests, provider: { id: scripted.id, doGenerate: (request, signal) => { requests.push(request); return scripted.doGenerate(request, signal) } } }
}

const toolMessages = (request: GenerateRequest | undefined): Message[] => (request?.messages ?? []).filter((message) => message.role === 'tool')

describe('a suite whose tools come from @modelcontextprotocol/server-filesystem', () => {
  const files = () => tempFiles({ 'files/notes.txt': 'buy milk\n' })
  const suite = (root: string, extra = '') => tempFiles({
    'suite.yaml': [
      'name: fs',
      'tools:',
      `  - mcp: { command: ${q(node)}, args: [${q(serverBin('@modelcontextprotocol/server-filesystem'))}, ${q(join(root, 'files'))}]${extra} }`,
      'cases:',
      '  - id: read-notes',
      '    prompt: What does notes.txt say?',
      '    expect:',
      '      calls: [{ name: read_text_file, args: { path: { regex: "notes\\\\.txt$" } } }]',
      '      final: { contains: [buy milk] }',
      '  - id: hallucinated-arg',
      '    prompt: Read notes.txt as UTF-8.',
      '    expect: { calls: [{ name: read_text_file }] }',
      '  - id: write-file',
      '    prompt: Save "hello" to hello.txt',
      '    expect: { calls: [{ name: write_file, args: { path: hello.txt } }] }',
    ].join('\n'),
  })
  const scripts = {
    'read-notes': turns([[['read_text_file', '{"path": "notes.txt"}']]], 'notes.txt says: buy milk'),
    'hallucinated-arg': turns([[['read_text_file', '{"path": "notes.txt", "encoding": "utf8"}']]], 'Done.'),
    'write-file': turns([[['write_file', '{"path": "hello.txt", "content": "hello"}']]], 'Saved.'),
  }

  it('runs calls on the server, sends its results to the next turn, catches a hallucinated argument, and does not run a write tool', async () => {
    const root = files()
    const dir = suite(root)
    const { provider, requests } = recordingScript(scripts)
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
    const result = (id: string) => outcome.report.results.find((entry) => entry.case === id)
    const executions = (id: string) => result(id)?.turns.flatMap((turn) => turn.toolResults) ?? []

    // The server's tools are offered to the model with their descriptions and input schemas.
    const offered = requests[0]?.tools ?? []
    expect(offered.map((tool) => tool.name)).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_directory']))
    expect(offered.find((tool) => tool.name === 'read_text_file')?.parameters).toMatchObject({ properties: { path: { type: 'string' } }, required: ['path'] })

    // Executed on the server: the file's text comes back and is in the next request the model gets.
    expect(executions('read-notes')).toMatchObject([{ source: 'live', isError: false, content: 'buy milk\n' }])
    const second = requests.find((request) => request.context.caseId === 'read-notes' && request.context.turn === 1)
    expect(toolMessages(second).map((message) => message.content)).toEqual(['buy milk\n'])
    expect(result('read-notes')?.passed).toBe(true)

    // A key the tool does not declare is scored and never sent to the server.
    expect(result('hallucinated-arg')?.failures.map((failure) => failure.kind)).toEqual(['hallucinated_param'])
    // Refused by toolgauge before the server, as an invalid argument is: 'rejected', not 'live'.
    expect(executions('hallucinated-arg')[0]).toMatchObject({ source: 'rejected', isError: true })
    expect(executions('hallucinated-arg')[0]?.content).toContain('not sent to the server: argument encoding not declared')

    // write_file is not annotated readOnlyHint: answered "not executed", labelled so (the user recorded nothing:
    // 'recorded' sent them looking for a stub), nothing written.
    expect(executions('write-file')[0]).toMatchObject({ source: 'not_executed', isError: false })
    expect(JSON.parse(executions('write-file')[0]?.content ?? '{}')).toMatchObject({ status: 'not_executed' })
    expect(result('write-file')?.passed).toBe(true)
    expect(existsSync(join(root, 'files', 'hello.txt'))).toBe(false)
  })

  it('runs a write tool when the entry allows it', async () => {
    const root = files()
    const dir = suite(root, ', allow: [write_file]')
    const { provider } = recordingScript(scripts)
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), filter: 'write-file' })
    expect(outcome.report.results[0]?.turns[0]?.toolResults[0]).toMatchObject({ source: 'live', isError: false })
    expect(readFileSync(join(root, 'files', 'hello.txt'), 'utf8')).toBe('hello')
  })

  it('per_case with workdir: each case writes in its own fresh copy; the fixture folder is untouched', async () => {
    const root = files()
    const dir = tempFiles({
      'files/notes.txt': 'buy milk\n',
      'suite.yaml': [
        'name: fs-per-case',
        'tools:',
        `  - mcp: { command: ${q(node)}, args: [${q(serverBin('@modelcontextprotocol/server-filesystem'))}, "\${WORKDIR}"], workdir: ./files, per_case: true, allow: [write_file] }`,
        'cases:',
        '  - { id: first, prompt: "Write a.txt, then list the folder" }',
        '  - { id: second, prompt: "Write b.txt, then list the folder" }',
      ].join('\n'),
    })
    const list = '{"path": "."}'
    const { provider } = recordingScript({
      first: turns([[['write_file', '{"path": "a.txt", "content": "A"}']], [['list_directory', list]]], 'ok'),
      second: turns([[['write_file', '{"path": "b.txt", "content": "B"}']], [['list_directory', list]]], 'ok'),
    })
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 2 })
    const listing = (id: string) => outcome.report.results.find((entry) => entry.case === id)?.turns[1]?.toolResults[0]?.content
    expect(listing('first')).toContain('a.txt')
    expect(listing('first')).not.toContain('b.txt')
    expect(listing('second')).toContain('b.txt')
    expect(listing('second')).not.toContain('a.txt')
    expect(readdirSync(join(dir, 'files'))).toEqual(['notes.txt'])
    expect(root).toBeTruthy()
  })
})

describe('@modelcontextprotocol/server-memory through the loop', () => {
  it('an allowed write then a read-only search: state lives on the server for the run', async () => {
    const dir = tempFiles({
      'suite.yaml': [
        'name: memory',
        'tools:',
        `  - mcp: { command: ${q(node)}, args: [${q(serverBin('@modelcontextprotocol/server-memory'))}], env: { MEMORY_FILE_PATH: "\${TG_TEST_MEMORY_FILE}" }, allow: [create_entities] }`,
        'cases:',
        '  - id: remember',
        '    prompt: Remember that Ada writes programs, then look her up.',
        '    expect: { calls: [{ name: create_entities }, { name: search_nodes, args: { query: Ada } }], order: strict }',
      ].join('\n'),
    })
    process.env.TG_TEST_MEMORY_FILE = join(dir, 'memory.jsonl')
    try {
      const { provider, requests } = recordingScript({
        remember: turns([
          [['create_entities', '{"entities": [{"name": "Ada", "entityType": "person", "observations": ["writes programs"]}]}']],
          [['search_nodes', '{"query": "Ada"}']],
        ], 'Ada writes programs.'),
      })
      const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') })
      expect(outcome.report.results[0]?.passed).toBe(true)
      const last = toolMessages(requests.at(-1)).at(-1)
      expect(last?.content).toContain('writes programs')
      expect(last && 'isError' in last ? last.isError : undefined).toBeUndefined()
      expect(readFileSync(join(dir, 'memory.jsonl'), 'utf8')).toContain('Ada')
    } finally {
      delete process.env.TG_TEST_MEMORY_FILE
    }
  })
})

describe('tool output and secrets', () => {
  it('isError is a failed tool result, structuredContent alone is sent as JSON, and ${VAR} values are redacted on disk', async () => {
    const dir = tempFiles({})
    const suiteDir = tempFiles({
      'suite.yaml': [
        'name: echo',
        'tools:',
        `  - mcp: { command: ${q(node)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_TEST_ECHO_TOKEN}", PID_FILE: ${q(join(dir, 'pids'))} } }`,
        'cases:',
        '  - { id: calls, prompt: go }',
      ].join('\n'),
    })
    process.env.TG_TEST_ECHO_TOKEN = 'tok-4f9a8b7c6d5e'
    try {
      const { provider } = recordingScript({ calls: turns([[['fail', '{}'], ['structured', '{}'], ['show_token', '{}'], ['echo', '{"text": "hi"}']]], 'done') })
      const out = join(dir, 'out')
      const outcome = await runEvaluation({ suitePaths: [join(suiteDir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: out })
      const results = outcome.report.results[0]?.turns[0]?.toolResults ?? []
      expect(results.map((result) => [result.isError, result.content])).toEqual([
        [true, 'Error: the backend is down'],
        [false, '{"answer":42}'],
        [false, 'token is [redacted]'],
        [false, 'echo: hi'],
      ])
      for (const file of ['report.json', 'results.jsonl']) expect(readFileSync(join(out, file), 'utf8')).not.toContain('tok-4f9a8b7c6d5e')
    } finally {
      delete process.env.TG_TEST_ECHO_TOKEN
    }
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(1)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })
})
