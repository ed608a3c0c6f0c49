// An MCP server's secrets belong to the run (or runCase call) that started it: a later run in the same process
// redacts its own servers' values, not the earlier run's — a value that is plainly part of its own output.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCase } from '../../src/index.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { fixture, q } from './helpers.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

restoreEnvAfterEach(['TG_SCOPE_A', 'TG_SCOPE_B'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => { const path = join(dir, name); return statSync(path).isDirectory() ? filesUnder(path) : [path] })
}
const written = (dir: string) => filesUnder(dir).map((file) => readFileSync(file, 'utf8')).join('\n')

/** A suite whose server shows the token of `variable`, and a script that calls it and then says `answer`. */
function suiteShowing(variable: string, answer: string): string[] {
  const dir = tempFiles({
    'suite.yaml': ['name: scope', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${${variable}}" } } }`,
      'cases:', '  - { id: show, prompt: go, expect: { calls: [{ name: show_token }] } }'].join('\n'),
    'script.yaml': `show:\n  - tool_calls: [{ id: c1, name: show_token, arguments: {} }]\n  - content: ${q(answer)}\n`,
  })
  return [join(dir, 'suite.yaml'), `scripted:${join(dir, 'script.yaml')}`]
}

it("a second run in the process redacts its own MCP server's secret, not the first run's", async () => {
  process.env.TG_SCOPE_A = 'scope-a-value-5150'
  process.env.TG_SCOPE_B = 'scope-b-value-5150'
  const [suiteA, modelA] = suiteShowing('TG_SCOPE_A', 'done')
  const [suiteB, modelB] = suiteShowing('TG_SCOPE_B', 'The other run used scope-a-value-5150, which is no secret of mine.')
  const out = tempFiles({})
  const first = await runMain(['run', suiteA!, '--model', modelA!, '--out', join(out, 'a'), '--format', 'md'])
  expect(first.code, first.stderr).toBe(0)
  const second = await runMain(['run', suiteB!, '--model', modelB!, '--out', join(out, 'b'), '--format', 'md'])
  expect(second.code, second.stderr).toBe(0)
  const [a, b] = [written(join(out, 'a')), written(join(out, 'b'))]
  expect(a).not.toContain('scope-a-value-5150')
  expect(a).toContain('token is [redacted]')
  expect(b).not.toContain('scope-b-value-5150')
  expect(b).toContain('token is [redacted]')
  expect(b).toContain('The other run used scope-a-value-5150, which is no secret of mine.')
})

it("two runCase calls at once each redact their own server's secret, not the other's", async () => {
  process.env.TG_SCOPE_A = 'scope-a-value-5150'
  process.env.TG_SCOPE_B = 'scope-b-value-5150'
  const [suiteA, modelA] = suiteShowing('TG_SCOPE_A', 'I heard of scope-b-value-5150.')
  const [suiteB, modelB] = suiteShowing('TG_SCOPE_B', 'I heard of scope-a-value-5150.')
  const [a, b] = (await Promise.all([runCase({ suite: suiteA!, case: 'show', model: modelA! }), runCase({ suite: suiteB!, case: 'show', model: modelB! })]))
    .map((scored) => JSON.stringify(scored.result))
  expect(a).toContain('token is [redacted]')
  expect(a).toContain('I heard of scope-b-value-5150.')
  expect(a).not.toContain('scope-a-value-5150')
  expect(b).toContain('token is [redacted]')
  expect(b).toContain('I heard of scope-a-value-5150.')
  expect(b).not.toContain('scope-b-value-5150')
})
