import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { InputError } from '../../src/core/errors.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from './helpers.ts'

const node = process.execPath

/** A suite naming one server (entry fields as YAML flow text) and one case calling `tool`. */
function suiteWith(dir: string, entry: string, calls: string[] = [], timeout = '{ connect: 20, call: 20 }'): string {
  return tempFiles({
    'suite.yaml': [
      'name: broken',
      'tools:',
      `  - mcp: { ${entry}, env: { PID_FILE: ${q(join(dir, 'pids'))} }, timeout: ${timeout} }`,
      'cases:',
      '  - id: one',
      '    prompt: go',
      ...calls.length > 0 ? ['    expect:', '      calls:', ...calls.map((name) => `        - name: ${name}`)] : [],
    ].join('\n'),
  })
}

const script = (...names: string[]): Provider => scriptedProvider('scripted:mcp-failures', new Map([['one', [[
  ...names.map((name, index) => ({ text: '', toolCalls: [{ id: `c${index}`, name, rawArguments: '{}' }], usage: emptyUsage })),
  { text: 'done', toolCalls: [], usage: emptyUsage },
]]]]))

/** Two cases on one shared echo server: `one` calls `tool` (which misbehaves), `two` then calls `echo`. */
function runTwo(dir: string, tool: string, timeout = '{ connect: 20, call: 20 }', extra = '') {
  const suite = tempFiles({
    'suite.yaml': [
      'name: broken',
      'tools:',
      `  - mcp: { command: ${q(node)}, args: [${q(fixture('echo-server.mjs'))}], env: { PID_FILE: ${q(join(dir, 'pids'))} }, timeout: ${timeout}${extra} }`,
      'cases:',
      '  - { id: one, prompt: go, expect: { calls: [{ name: ' + tool + ' }] } }',
      '  - { id: two, prompt: go, expect: { calls: [{ name: echo }], final: { contains: [echo] } } }',
    ].join('\n'),
  })
  const provider = scriptedProvider('scripted:mcp-failures', new Map([
    ['one', [[{ text: '', toolCalls: [{ id: 'c0', name: tool, rawArguments: '{}' }], usage: emptyUsage }, { text: 'done', toolCalls: [], usage: emptyUsage }]]],
    ['two', [[{ text: '', toolCalls: [{ id: 'c0', name: 'echo', rawArguments: '{"text": "hi"}' }], usage: emptyUsage }, { text: 'echo said hi', toolCalls: [], usage: emptyUsage }]]],
  ]))
  return runEvaluation({ suitePaths: [join(suite, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
}

/** The case after a failed server ran on a second, fresh process; both are gone at the end. */
function expectRestarted(result: CaseResult | undefined, dir: string): void {
  expect(result?.turns.flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])).toEqual([[false, 'echo: hi']])
  expect(result?.passed).toBe(true)
  expect(pidsIn(join(dir, 'pids'))).toHaveLength(2)
  expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
}

async function startError(dir: string, suite: string): Promise<InputError> {
  const error = await runEvaluation({ suitePaths: [join(suite, 'suite.yaml')], models: ['scripted:mcp-failures'], providers: [script()], outDir: join(dir, 'out') })
    .then(() => undefined, (thrown: unknown) => thrown)
  expect(InputError.isInstance(error), String(error)).toBe(true)
  return error as InputError
}

/** How many times the launcher of `runOnLauncher` was started. */
const startsOf = (dir: string): number => pidsIn(join(dir, 'starts')).length

/**
 * A run on a shared echo server started through a launcher that refuses the starts `refuses` names (a JavaScript
 * condition on `start`, counted from 1: the run's own start is 1) — exiting with a line on stderr: case `one` crashes
 * the server, each of `later` then calls echo (with concurrency 1, in order).
 */
function runOnLauncher(dir: string, refuses: string, later: readonly string[]) {
  const launcher = join(dir, 'launcher.mjs')
  writeFileSync(launcher, [
    "import { appendFileSync, readFileSync } from 'node:fs'",
    `const file = ${q(join(dir, 'starts'))}`,
    "appendFileSync(file, '1\\n')",
    "const start = readFileSync(file, 'utf8').trim().split('\\n').length",
    `if (${refuses}) { process.stderr.write(\`echo launcher: refusing start \${start}\\n\`); process.exit(1) }`,
    `await import(${q(pathToFileURL(fixture('echo-server.mjs')).href)})`,
  ].join('\n'))
  const suite = tempFiles({
    'suite.yaml': [
      'name: broken',
      'tools:',
      `  - mcp: { command: ${q(node)}, args: [${q(launcher)}], env: { PID_FILE: ${q(join(dir, 'pids'))} }, timeout: { connect: 20, call: 20 } }`,
      'cases:',
      '  - { id: one, prompt: go, expect: { calls: [{ name: crash }] } }',
      ...later.map((id) => `  - { id: ${id}, prompt: go, expect: { calls: [{ name: echo }] } }`),
    ].join('\n'),
  })
  const call = (name: string, args = '{}') => [[{ text: '', toolCalls: [{ id: 'c0', name, rawArguments: args }], usage: emptyUsage }, { text: 'done', toolCalls: [], usage: emptyUsage }]]
  const provider = scriptedProvider('scripted:mcp-failures', new Map([['one', call('crash')], ...later.map((id) => [id, call('echo', '{"text": "hi"}')] as const)]))
  return runEvaluation({ suitePaths: [join(suite, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
}

describe('MCP servers that fail end cleanly, with the command and the stderr tail', () => {
  it('a command that does not exist: exit 2 before the run, naming the command', async () => {
    const dir = tempFiles({})
    const error = await startError(dir, suiteWith(dir, 'command: /nonexistent/mcp-server-xyz, args: [--stdio]'))
    expect(error.message).toContain('tools.0.mcp')
    expect(error.message).toContain('MCP server "/nonexistent/mcp-server-xyz --stdio" could not be started')
  })

  it('a server that exits at start: its stderr tail is in the message and no process is left', async () => {
    const dir = tempFiles({})
    const error = await startError(dir, suiteWith(dir, `command: ${q(node)}, args: [${q(fixture('bad-server.mjs'))}, exit]`))
    expect(error.message).toMatch(/exited before completing the MCP handshake/)
    expect(error.message).toContain('bad server: missing configuration file /etc/bad.conf')
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(1)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a server that hangs on start (ignoring stdin and SIGTERM) times out and is killed', async () => {
    const dir = tempFiles({})
    const error = await startError(dir, suiteWith(dir, `command: ${q(node)}, args: [${q(fixture('bad-server.mjs'))}, hang]`, [], '{ connect: 6 }'))
    expect(error.message).toContain('did not complete the MCP handshake within 6 s')
    expect(error.message).toContain('bad server: started in hang mode')
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(1)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a server that answers the handshake with something that is not MCP: a protocol error, process ended', async () => {
    const dir = tempFiles({})
    const error = await startError(dir, suiteWith(dir, `command: ${q(node)}, args: [${q(fixture('bad-server.mjs'))}, bad-handshake]`))
    expect(error.message).toContain('broke the MCP protocol while starting')
    expect(error.message).toContain('bad server: started in bad-handshake mode')
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a server that writes non-JSON to stdout: the handshake times out and the message quotes the protocol error', async () => {
    const dir = tempFiles({})
    const error = await startError(dir, suiteWith(dir, `command: ${q(node)}, args: [${q(fixture('bad-server.mjs'))}, garbage]`, [], '{ connect: 8 }'))
    expect(error.message).toContain('did not complete the MCP handshake within 8 s (it sent output that is not MCP:')
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a server that crashes mid-run: that case is errored (harness_error naming the server and its stderr), the next case gets a restarted server', async () => {
    const dir = tempFiles({})
    const outcome = await runTwo(dir, 'crash')
    const [one, two] = outcome.report.results
    expect(one?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(one?.failures[0]?.message).toMatch(/MCP server .*echo-server\.mjs" is not running/)
    expect(one?.failures[0]?.message).toContain('echo server: crashing on purpose')
    // The model never saw the dead server's error: the case ended at the call.
    expect(one?.turns.flatMap((turn) => turn.toolResults)).toEqual([])
    expectRestarted(two, dir)
    expect(outcome.exitCode).toBe(2)
  })

  it('a server that crashes mid-run and then no longer starts: each later case is errored (harness_error, not failed) with the reason, its restart retried at most 3 times in the run, then the error stands without another start', async () => {
    const dir = tempFiles({})
    const ids = ['two', 'three', 'four', 'five', 'six']
    const outcome = await runOnLauncher(dir, 'start > 1', ids)
    const results = outcome.report.results
    expect(results.map((result) => [result.case, result.verdict, result.failures.map((failure) => failure.kind)])).toEqual(
      ['one', ...ids].map((id) => [id, 'errored', ['harness_error']]))
    expect(results[0]?.failures[0]?.message).toContain('echo server: crashing on purpose')
    for (const later of results.slice(1)) {
      expect(later.failures[0]?.message).toMatch(/MCP server .*launcher\.mjs" exited before completing the MCP handshake/)
      expect(later.failures[0]?.message).toContain('echo launcher: refusing start')
      // The model never saw the dead server's error: the case ended at the call.
      expect(later.turns.flatMap((turn) => turn.toolResults)).toEqual([])
    }
    // The run's start, then three failed restarts (cases two to four); five and six start nothing and say why.
    expect(startsOf(dir)).toBe(4)
    expect(results.slice(1, 4).map((result) => result.failures[0]?.message.includes('not restarted again'))).toEqual([false, false, false])
    for (const given of results.slice(4)) expect(given.failures[0]?.message).toContain('not restarted again: 3 restarts of it failed')
    expect(outcome.report.summary[0]).toMatchObject({ cases: 6, passed: 0, errored: 6 })
    expect(outcome.exitCode).toBe(2)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a server whose restart fails once (a transient crash): that case is errored, the next case restarts it again and passes', async () => {
    const dir = tempFiles({})
    const outcome = await runOnLauncher(dir, 'start === 2', ['two', 'three'])
    const results = outcome.report.results
    expect(results.map((result) => [result.case, result.verdict])).toEqual([['one', 'errored'], ['two', 'errored'], ['three', 'passed']])
    expect(results[1]?.failures[0]?.message).toContain('echo launcher: refusing start 2')
    expect(results[2]?.turns.flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])).toEqual([[false, 'echo: hi']])
    expect(startsOf(dir)).toBe(3)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a call that hangs: harness_error after the call timeout; the hung server is ended and the next case gets a fresh one', async () => {
    const dir = tempFiles({})
    const outcome = await runTwo(dir, 'hang', '{ connect: 20, call: 3 }')
    const [one, two] = outcome.report.results
    expect(one?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(one?.failures[0]?.message).toMatch(/MCP server .*echo-server\.mjs" did not answer tools\/call hang within 3 s/)
    expectRestarted(two, dir)
  })

  it('a server that breaks the protocol mid-run (a result that is not a CallToolResult): harness_error at once, next case restarted', async () => {
    const dir = tempFiles({})
    const outcome = await runTwo(dir, 'garble')
    const [one, two] = outcome.report.results
    expect(one?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(one?.failures[0]?.message).toMatch(/MCP server .*echo-server\.mjs" broke the MCP protocol on tools\/call garble/)
    expect(one?.failures[0]?.message).toContain('echo server: answering garbage')
    expectRestarted(two, dir)
  })

  it('a per_case server that crashes errors its own case only; the next case starts its own', async () => {
    const dir = tempFiles({})
    const outcome = await runTwo(dir, 'crash', undefined, ', per_case: true')
    const [one, two] = outcome.report.results
    expect(one?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(one?.failures[0]?.message).toContain('echo server: crashing on purpose')
    expect(two?.passed).toBe(true)
    // One process listed the tools at load, then one per case.
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(3)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('a JSON-RPC error answer is the tool failing, not the server: a failed tool result the model sees, the case is scored', async () => {
    const dir = tempFiles({})
    const outcome = await runTwo(dir, 'throws')
    const [one, two] = outcome.report.results
    expect(one?.failures).toEqual([])
    expect(one?.turns.flatMap((turn) => turn.toolResults).map((execution) => [execution.isError, execution.content])).toEqual([
      [true, expect.stringContaining('the echo backend refused this request')],
    ])
    // The same server answers the next case.
    expect(two?.passed).toBe(true)
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(1)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })

  it('an interrupted run (Ctrl-C) closes its servers too', async () => {
    const dir = tempFiles({})
    const suite = suiteWith(dir, `command: ${q(node)}, args: [${q(fixture('echo-server.mjs'))}]`, ['structured'])
    const controller = new AbortController()
    const inner = script('structured')
    // Ctrl-C arrives while the model is answering the second request, after a call ran on the server.
    const provider: Provider = { id: inner.id, doGenerate: (request, signal) => {
      if (request.context.turn === 1) controller.abort()
      return inner.doGenerate(request, signal)
    } }
    const outcome = await runEvaluation({ suitePaths: [join(suite, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), signal: controller.signal })
    expect(outcome.exitCode).toBe(130)
    expect(pidsIn(join(dir, 'pids'))).toHaveLength(1)
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
  })
})

describe('a shared server that fails under one case while another case\'s call is in flight on it', () => {
  /**
   * Three cases on one shared echo server, two at a time: `two` calls `hang` (in flight until the server goes);
   * `one` then calls `tool`, which takes the server down or leaves it unusable; `three` starts once `one` ended.
   */
  async function runThree(dir: string, tool: string) {
    const calls = join(dir, 'calls')
    const suite = tempFiles({
      'suite.yaml': [
        'name: shared',
        'tools:',
        `  - mcp: { command: ${q(node)}, args: [${q(fixture('echo-server.mjs'))}], env: { PID_FILE: ${q(join(dir, 'pids'))}, CALLS_FILE: ${q(calls)} }, timeout: { connect: 20, call: 60 } }`,
        'cases:',
        '  - { id: two, prompt: go, expect: { calls: [{ name: hang }] } }',
        `  - { id: one, prompt: go, expect: { calls: [{ name: ${tool} }] } }`,
        '  - { id: three, prompt: go, expect: { calls: [{ name: echo }], final: { contains: [echo] } } }',
      ].join('\n'),
    })
    const call = (name: string, args = '{}') => [{ text: '', toolCalls: [{ id: 'c0', name, rawArguments: args }], usage: emptyUsage }, { text: 'echo said hi', toolCalls: [], usage: emptyUsage }]
    const inner = scriptedProvider('scripted:mcp-shared', new Map([['two', [call('hang')]], ['one', [call(tool)]], ['three', [call('echo', '{"text": "hi"}')]]]))
    const provider: Provider = { id: inner.id, doGenerate: async (request, signal) => {
      // `one` makes its call only once `two`'s has reached the server.
      while (request.context.caseId === 'one' && !existsSync(calls)) await new Promise((resolve) => setTimeout(resolve, 20))
      return inner.doGenerate(request, signal)
    } }
    const outcome = await runEvaluation({ suitePaths: [join(suite, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 2 })
    const byCase = new Map(outcome.report.results.map((result) => [result.case, result]))
    // Errored, counted apart and in no rate: the model is never scored on a server that went away under it.
    expect([...byCase.values()].map((result) => [result.case, result.verdict])).toEqual([['two', 'errored'], ['one', 'errored'], ['three', 'passed']])
    expect(outcome.report.summary[0]).toMatchObject({ cases: 3, passed: 1, errored: 2, accuracy: 1 })
    expect(alive(pidsIn(join(dir, 'pids')))).toEqual([])
    return byCase.get('two')!.failures
  }

  it('a call that crashes the server: the other case\'s in-flight call is errored, saying the server exited, with its stderr', async () => {
    const failures = await runThree(tempFiles({}), 'crash')
    expect(failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(failures[0]?.message).toMatch(/MCP server .*echo-server\.mjs" is not running \(it exited or closed the connection\) — tools\/call hang failed/)
    expect(failures[0]?.message).toContain('echo server: crashing on purpose')
  })

  it('a call that breaks the protocol: the in-flight call, ended by the restart, is errored saying it was restarted and why', async () => {
    const failures = await runThree(tempFiles({}), 'garble')
    expect(failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(failures[0]?.message).toMatch(/MCP server .*echo-server\.mjs" was restarted while tools\/call hang was in flight, after it broke the MCP protocol on tools\/call garble: /)
    expect(failures[0]?.message).not.toContain('is not running')
  })
})
