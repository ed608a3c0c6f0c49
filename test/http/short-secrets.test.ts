// A secret under 4 characters cannot be redacted (replacing every `ab` would garble every report): the user is told,
// once per value, where it came from — never the value itself.
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { redactText } from '../../src/http/redact.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { fixture, q } from '../mcp/helpers.ts'
import { startTextChatServer, type Loopback } from '../providers/fake/loopback.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

const variables = ['TG_SHORT_KEY', 'TG_SHORT_MCP', 'XDG_CACHE_HOME']
restoreEnvAfterEach(variables)
const servers: Loopback[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

it('each short secret — a key variable, extra_body and extra_headers credentials, a config secret, an MCP ${VAR} and literal credential — is warned about once, by its source, without its value', async () => {
  // Any key is accepted: the fake providers' servers want theirs.
  const baseUrl = await startTextChatServer(servers)
  process.env.TG_SHORT_KEY = 'k9z'
  process.env.TG_SHORT_MCP = 'm2v'
  const dir = tempFiles({
    'toolgauge.config.json': JSON.stringify({
      secrets: ['long-enough-secret', 'q7w'],
      providers: { 'openai-compatible:m': { base_url: baseUrl, api_key_env: 'TG_SHORT_KEY', extra_body: { metadata: { api_key: 'b4n' } }, extra_headers: { 'x-proxy-token': 'h5j' } } },
    }),
    'suite.yaml': ['name: short', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_SHORT_MCP}", API_KEY: l8p, LOG_LEVEL: off } } }`,
      'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }', '  - { id: b, prompt: again, expect: { calls: [] } }'].join('\n'),
  })
  process.env.XDG_CACHE_HOME = join(dir, 'cache')
  const config = join(dir, 'toolgauge.config.json')
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'openai-compatible:m', '--config', config, '--out', join(dir, 'out')])
  expect(result.code, result.stderr).toBe(0)
  const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning: ') && line.includes('cannot be redacted'))
  const sources = ['the environment variable TG_SHORT_KEY', 'the setting extra_body.metadata.api_key', 'the setting extra_headers.x-proxy-token', `secrets[1] of ${config}`,
    'the environment variable TG_SHORT_MCP (env.ECHO_TOKEN of the MCP server', 'env.API_KEY of the MCP server']
  for (const source of sources) expect(warnings.filter((line) => line.includes(`warning: ${source}`)), source).toHaveLength(1)
  expect(warnings).toHaveLength(sources.length)
  expect(warnings[0]).toMatch(/is a secret of 3 characters: secrets under 4 characters cannot be redacted/)
  for (const value of ['k9z', 'b4n', 'h5j', 'q7w', 'm2v', 'l8p']) expect(result.stderr).not.toContain(value)
})

it('a short secret is still not redacted (it would garble the text)', () => {
  expect(redactText('a bad day', ['ba', 'day'])).toBe('a bad day')
})
