import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { InputError, loadSuite, openMcpServers, runCase } from '../../src/index.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from './helpers.ts'

// A loop of library runCase calls can keep one set of MCP servers for all of them (openMcpServers), owned and
// closed by the caller; without it each call starts and closes its own, as before.

const ids = ['one', 'two', 'three'] as const

/** A suite with one shared echo server (each start appends its pid to `pids`), three cases calling it, their script. */
function echoSuite(): { pids: string; suiteFile: string; model: string } {
  const dir = tempFiles({})
  const pids = join(dir, 'pids')
  writeFileSync(join(dir, 'suite.yaml'), [
    'name: pooled',
    'tools:',
    `  - mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { PID_FILE: ${q(pids)} } }`,
    'cases:',
    ...ids.map((id) => `  - { id: ${id}, prompt: go, expect: { calls: [{ name: echo, args: { text: ${id} } }] } }`),
  ].join('\n'))
  writeFileSync(join(dir, 'script.yaml'), ids.map((id) => `${id}: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: ${id} } }] }, { content: done }]`).join('\n'))
  return { pids, suiteFile: join(dir, 'suite.yaml'), model: `scripted:${join(dir, 'script.yaml')}` }
}

/** A result without what differs between two runs of the same case (latencies). */
const timeless = (result: CaseResult): unknown => JSON.parse(JSON.stringify(result, (key, value: unknown) => (key === 'latencyMs' ? 0 : value)))

describe('openMcpServers: one set of MCP servers for many runCase calls', () => {
  it('N runCase calls on one Suite start the server once on them, give the per-call results, and close() ends it', async () => {
    const { pids, suiteFile, model } = echoSuite()
    const suite = await loadSuite(suiteFile)
    // The reference: each runCase starts and closes its own server.
    const perCall = []
    for (const id of ids) perCall.push((await runCase({ suite, case: id, model })).result)
    expect(new Set(pidsIn(pids)).size).toBe(1 + ids.length)
    writeFileSync(pids, '')

    const servers = openMcpServers()
    const shared = []
    for (const id of ids) shared.push((await runCase({ suite, case: id, model, mcp: servers })).result)
    // One process answered every call, and is still up for the next one.
    expect(pidsIn(pids)).toHaveLength(1)
    expect(alive(pidsIn(pids))).toEqual(pidsIn(pids))
    expect(shared.map(timeless)).toEqual(perCall.map(timeless))
    expect(shared.map((result) => result.passed)).toEqual([true, true, true])
    await servers.close()
    expect(servers.closed).toBe(true)
    expect(alive(pidsIn(pids))).toEqual([])
  })

  it('a suite given by path to each call is loaded on the same servers: one process for all, gone after asyncDispose', async () => {
    const { pids, suiteFile, model } = echoSuite()
    const servers = openMcpServers()
    const results = []
    for (const id of ids) results.push((await runCase({ suite: suiteFile, case: id, model, mcp: servers })).result)
    expect(results.map((result) => result.passed)).toEqual([true, true, true])
    expect(pidsIn(pids)).toHaveLength(1)
    await servers[Symbol.asyncDispose]()
    expect(servers.closed).toBe(true)
    expect(alive(pidsIn(pids))).toEqual([])
  })

  it('runCase given closed servers rejects at once with an InputError saying so, starting nothing', async () => {
    const { pids, suiteFile, model } = echoSuite()
    const suite = await loadSuite(suiteFile)
    const servers = openMcpServers()
    await runCase({ suite, case: 'one', model, mcp: servers })
    await servers.close()
    writeFileSync(pids, '')
    const closed = /the MCP servers were closed/
    await expect(runCase({ suite, case: 'one', model, mcp: servers })).rejects.toThrow(closed)
    await expect(runCase({ suite: suiteFile, case: 'one', model, mcp: servers })).rejects.toThrow(InputError)
    expect(pidsIn(pids)).toEqual([])
  })

  it('runCase without them keeps its own servers per call: none is left after it returns', async () => {
    const { pids, suiteFile, model } = echoSuite()
    expect((await runCase({ suite: suiteFile, case: 'two', model })).result.passed).toBe(true)
    expect(alive(pidsIn(pids))).toEqual([])
  })

  it('what is not from openMcpServers is refused with a TypeError, not used half-way', async () => {
    const { suiteFile, model } = echoSuite()
    const fake = { closed: false, close: async () => {}, [Symbol.asyncDispose]: async () => {} }
    await expect(runCase({ suite: suiteFile, case: 'one', model, mcp: fake })).rejects.toThrow(TypeError)
  })
})

describe('loadSuite({ mcp }): the public option takes the servers openMcpServers() opens', () => {
  it('the tools are listed on them and that process answers the N runCase calls: one start in all, none after close()', async () => {
    const { pids, suiteFile, model } = echoSuite()
    const servers = openMcpServers()
    const suite = await loadSuite(suiteFile, { mcp: servers })
    // Still up after loadSuite returns: the caller owns it.
    expect(alive(pidsIn(pids))).toEqual(pidsIn(pids))
    for (const id of ids) expect((await runCase({ suite, case: id, model, mcp: servers })).result.passed).toBe(true)
    expect(pidsIn(pids)).toHaveLength(1)
    await servers.close()
    expect(alive(pidsIn(pids))).toEqual([])
  })

  it('a Suite loaded on them runs under runCase without them too: that call starts and closes its own server', async () => {
    const { pids, suiteFile, model } = echoSuite()
    const servers = openMcpServers()
    const suite = await loadSuite(suiteFile, { mcp: servers })
    await servers.close()
    expect((await runCase({ suite, case: 'two', model })).result.passed).toBe(true)
    expect(pidsIn(pids)).toHaveLength(2)
    expect(alive(pidsIn(pids))).toEqual([])
  })

  it('closed servers are refused before anything starts, with an InputError saying so', async () => {
    const { pids, suiteFile } = echoSuite()
    const servers = openMcpServers()
    await servers.close()
    const loading = loadSuite(suiteFile, { mcp: servers })
    await expect(loading).rejects.toThrow(InputError)
    await expect(loading).rejects.toThrow(/loadSuite options\.mcp: the MCP servers were closed/)
    expect(pidsIn(pids)).toEqual([])
  })
})

// A pooled server that failed its first start kept that failure for good: every later loadSuite (or runCase) on the
// pool got the same error without a new start, though the server may have been down only for a moment. Now the
// next one that needs it tries again, as a failed restart is — at most 3 failed starts per server, then the error
// stands, saying so. Each failure stays what it was: bad input of that loadSuite, or that case's harness_error.

/** A suite on an echo server started through a launcher that refuses the starts `refuses` names (a condition on `start`, from 1). */
function launcherSuite(refuses: string): { suiteFile: string; model: string; starts: () => number } {
  const dir = tempFiles({})
  const startsFile = join(dir, 'starts')
  const launcher = join(dir, 'launcher.mjs')
  writeFileSync(launcher, [
    "import { appendFileSync, readFileSync } from 'node:fs'",
    `const file = ${q(startsFile)}`,
    "appendFileSync(file, '1\\n')",
    "const start = readFileSync(file, 'utf8').trim().split('\\n').length",
    `if (${refuses}) { process.stderr.write(\`echo launcher: refusing start \${start}\\n\`); process.exit(1) }`,
    `await import(${q(pathToFileURL(fixture('echo-server.mjs')).href)})`,
  ].join('\n'))
  writeFileSync(join(dir, 'suite.yaml'), [
    'name: flaky',
    'tools:',
    `  - mcp: { command: ${q(process.execPath)}, args: [${q(launcher)}], timeout: { connect: 20, call: 20 } }`,
    'cases:',
    ...ids.map((id) => `  - { id: ${id}, prompt: go, expect: { calls: [{ name: echo, args: { text: ${id} } }] } }`),
  ].join('\n'))
  writeFileSync(join(dir, 'script.yaml'), ids.map((id) => `${id}: [{ tool_calls: [{ id: c1, name: echo, arguments: { text: ${id} } }] }, { content: done }]`).join('\n'))
  return { suiteFile: join(dir, 'suite.yaml'), model: `scripted:${join(dir, 'script.yaml')}`, starts: () => pidsIn(startsFile).length }
}

describe('a pooled server that fails its first start', () => {
  it('the next loadSuite on the pool tries again: the first is bad input naming the server and its stderr, the second lists the tools', async () => {
    const { suiteFile, model, starts } = launcherSuite('start === 1')
    await using servers = openMcpServers()
    const first = loadSuite(suiteFile, { mcp: servers })
    await expect(first).rejects.toThrow(InputError)
    await expect(first).rejects.toThrow(/exited before completing the MCP handshake[\s\S]*echo launcher: refusing start 1/)
    const suite = await loadSuite(suiteFile, { mcp: servers })
    expect(suite.tools.map((tool) => tool.name)).toContain('echo')
    expect((await runCase({ suite, case: 'one', model, mcp: servers })).result.passed).toBe(true)
    expect(starts()).toBe(2)
  })

  it('at most 3 failed starts: later loadSuite calls get the last error, saying it is not started again, without a start', async () => {
    const { suiteFile, starts } = launcherSuite('true')
    await using servers = openMcpServers()
    const messages: string[] = []
    for (let load = 0; load < 5; load++) {
      const error = await loadSuite(suiteFile, { mcp: servers }).then(() => undefined, (thrown: unknown) => thrown)
      expect(InputError.isInstance(error), String(error)).toBe(true)
      messages.push((error as Error).message)
    }
    expect(starts()).toBe(3)
    expect(messages.map((message) => message.includes('not started again'))).toEqual([false, false, false, true, true])
    expect(messages[4]).toContain('(not started again: 3 starts of it failed)')
    expect(messages[4]).toContain('echo launcher: refusing start 3')
  })

  it('first started by a call of runCase: each case it fails for is errored (harness_error, never failed), the next case tries again and passes', async () => {
    // Start 1 lists the tools for loadSuite (its own servers, closed after); the pool's first start is start 2.
    const { suiteFile, model, starts } = launcherSuite('start === 2 || start === 3')
    const suite = await loadSuite(suiteFile)
    await using servers = openMcpServers()
    const results = []
    for (const id of ids) results.push((await runCase({ suite, case: id, model, mcp: servers })).result)
    expect(results.map((result) => [result.case, result.verdict, result.failures.map((failure) => failure.kind)])).toEqual([
      ['one', 'errored', ['harness_error']],
      ['two', 'errored', ['harness_error']],
      ['three', 'passed', []],
    ])
    expect(results[1]?.failures[0]?.message).toContain('echo launcher: refusing start 3')
    expect(starts()).toBe(4)
  })
})
