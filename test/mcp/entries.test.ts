import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { alive, fixture, pidsIn, q } from './helpers.ts'

const echo = (extra: string, pids: string) => `{ command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { PID_FILE: ${q(pids)} }${extra} }`

describe('suite tools entries naming MCP servers', () => {
  it('mixes tools files, inline tools and servers in list order; colliding names are namespaced server__tool', async () => {
    const dir = tempFiles({
      'extra.json': JSON.stringify([{ name: 'lookup', description: 'Looks a word up', parameters: { type: 'object', properties: {} } }]),
      'suite.yaml': [
        'name: mixed',
        'tools:',
        '  - ./extra.json',
        `  - mcp: ${echo(', name: one', join('PIDS'))}`,
        '  - { name: echo, description: A local echo, parameters: { type: object, properties: {} } }',
        `  - mcp: ${echo('', join('PIDS'))}`,
        'cases:',
        '  - { id: a, prompt: hi }',
      ].join('\n').replaceAll('"PIDS"', q(join(tmp, 'pids'))),
    })
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    const names = suite.tools.map((tool) => tool.name)
    // echo and show_token are offered twice by the servers (and echo once more inline); lookup only once.
    expect(names.slice(0, 3)).toEqual(['lookup', 'one__echo', 'one__show_token'])
    expect(names).toContain('echo')
    expect(names).toContain('echo_server__echo')
    expect(suite.tools.find((tool) => tool.name === 'one__echo')?.description).toBe('Echoes the text back')
    // Every server process started to list tools is gone once loading is over (no run to keep them for).
    expect(alive(pidsIn(join(tmp, 'pids')))).toEqual([])
  })

  it('a namespaced call runs the server tool by its own name; recorded stubs of the suite win over the server', async () => {
    const dir = tempFiles({
      'suite.yaml': [
        'name: ns',
        'tools:',
        '  - { name: echo, parameters: { type: object, properties: {} } }',
        `  - mcp: ${echo(', name: srv', join(tmp, 'pids2'))}`,
        'stubs:',
        '  show_token: [{ result: recorded token }]   # not colliding: keeps its name',
        'cases:',
        '  - { id: a, prompt: hi }',
      ].join('\n'),
    })
    const provider = scriptedProvider('scripted:ns', new Map([['a', [[
      { text: '', toolCalls: [{ id: 'c1', name: 'srv__echo', rawArguments: '{"text": "namespaced"}' }, { id: 'c2', name: 'show_token', rawArguments: '{}' }], usage: emptyUsage },
      { text: 'done', toolCalls: [], usage: emptyUsage },
    ]]]]))
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') })
    expect(outcome.report.results[0]?.turns[0]?.toolResults.map((result) => [result.source, result.content])).toEqual([
      ['live', 'echo: namespaced'],
      ['recorded', 'recorded token'],
    ])
  })

  it('bad entries are InputErrors naming the field: both command and url, headers on a command, a missing workdir', async () => {
    const problems: [string, RegExp][] = [
      ['{ command: node, url: "http://127.0.0.1:1/mcp" }', /tools\.0/],
      ['{ command: node, headers: { A: b } }', /tools\.0\.mcp\.headers: belongs to an HTTP server/],
      ['{ url: "ftp://x" }', /tools\.0\.mcp\.url: expected an http\(s\) URL/],
      ['{ command: node, workdir: ./nope }', /tools\.0\.mcp\.workdir: folder not found/],
      ['{ command: node, allow: some }', /tools\.0\.mcp\.allow/],
    ]
    for (const [entry, message] of problems) {
      const dir = tempFiles({ 'suite.yaml': `name: bad\ntools:\n  - mcp: ${entry}\ncases:\n  - { id: a, prompt: hi }\n` })
      const error = await loadSuite(join(dir, 'suite.yaml')).catch((thrown: unknown) => thrown)
      expect(InputError.isInstance(error), `${entry}: ${String(error)}`).toBe(true)
      expect((error as Error).message, entry).toMatch(message)
    }
  })
})

const tmp = tempFiles({})
