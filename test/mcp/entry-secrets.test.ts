// Which values of an MCP entry's env: and headers: are secrets (redacted from everything written), and which suites
// are kept out of the user cache because they write one literally.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { parseServerEntry } from '../../src/mcp/server-spec.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { fixture, q } from './helpers.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

const at = (field: string, message: string) => new InputError(message, { field })
restoreEnvAfterEach(['XDG_CACHE_HOME', 'TG_ENTRY_TOKEN'])

describe('the secrets of an MCP entry', () => {
  it('credential-named env values written literally, and URL passwords; not LOG_LEVEL or a path', () => {
    const spec = parseServerEntry({
      command: 'node',
      env: { GITHUB_TOKEN: 'ghp_literal5150', API_KEY: 'k-5150-literal', DB_PASSWORD: 'pw-5150', LOG_LEVEL: 'debug', ROOT: '/srv/data', DATABASE_URL: 'postgres://app:url%40pw@db/x' },
    }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['ghp_literal5150', 'k-5150-literal', 'pw-5150', 'url%40pw', 'url@pw']))
  })

  it('credential headers written literally (without their scheme), besides the expanded ${VAR} values; not Accept', () => {
    process.env.TG_ENTRY_TOKEN = 'from-env-5150'
    const spec = parseServerEntry({
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer sk-live-5150', 'X-Gateway-Token': 'token gw-5150', 'X-Trace': '${TG_ENTRY_TOKEN}', Accept: 'application/json' },
    }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['sk-live-5150', 'gw-5150', 'from-env-5150']))
  })
})

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => { const path = join(dir, name); return statSync(path).isDirectory() ? filesUnder(path) : [path] })
}

describe('a suite naming an MCP server, and the user cache', () => {
  const suiteWith = (env: string) => ['name: s', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: ${env} } }`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n')

  it('is cached when its credentials come from ${VAR}; not when one is written literally, and the old entry of that file goes', async () => {
    const dir = tempFiles({ 'suite.yaml': suiteWith('{ ECHO_TOKEN: "Bearer ${TG_ENTRY_TOKEN}", LOG_LEVEL: debug }') })
    process.env.XDG_CACHE_HOME = join(dir, 'cache')
    process.env.TG_ENTRY_TOKEN = 'from-env-5150'
    const file = join(dir, 'suite.yaml')
    await loadSuite(file)
    expect(filesUnder(join(dir, 'cache'))).toHaveLength(1)
    const { writeFileSync } = await import('node:fs')
    writeFileSync(file, suiteWith('{ ECHO_TOKEN: "ghp_literalCache5150" }'))
    await loadSuite(file)
    expect(filesUnder(join(dir, 'cache')).filter((entry) => readFileSync(entry).includes('ghp_literalCache5150'))).toEqual([])
    expect(filesUnder(join(dir, 'cache'))).toEqual([])
  })
})
