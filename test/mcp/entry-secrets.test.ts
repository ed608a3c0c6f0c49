// Which values of an MCP entry's env:, headers:, args: and url: are secrets (redacted from everything written), and which suites
// are kept out of the user cache because they write one literally.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { writesCredentialLiterally } from '../../src/mcp/entry-credentials.ts'
import { parseServerEntry } from '../../src/mcp/server-spec.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { fixture, q } from './helpers.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

const at = (field: string, message: string) => new InputError(message, { field })
restoreEnvAfterEach(['XDG_CACHE_HOME', 'TG_ENTRY_TOKEN'])

describe('the secrets of an MCP entry', () => {
  it('credential-named env values written literally, and URL passwords and credential query parameters; not LOG_LEVEL or a path', () => {
    const spec = parseServerEntry({
      command: 'node',
      env: { GITHUB_TOKEN: 'ghp_literal5150', API_KEY: 'k-5150-literal', DB_PASSWORD: 'pw-5150', LOG_LEVEL: 'debug', ROOT: '/srv/data', DATABASE_URL: 'postgres://app:url%40pw@db/x', HOOK: 'https://hooks.example/x?token=wh-5150&page=2' },
    }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['ghp_literal5150', 'k-5150-literal', 'pw-5150', 'url%40pw', 'url@pw', 'wh-5150']))
  })

  it('credential headers written literally (without their scheme), besides the expanded ${VAR} values; not Accept', () => {
    process.env.TG_ENTRY_TOKEN = 'from-env-5150'
    const spec = parseServerEntry({
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer sk-live-5150', 'X-Gateway-Token': 'token gw-5150', 'X-Trace': '${TG_ENTRY_TOKEN}', Accept: 'application/json' },
    }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['sk-live-5150', 'gw-5150', 'from-env-5150']))
  })

  it("an HTTP entry's URL: its credential query parameters (as written and decoded) and its password; the label shows neither", () => {
    const url = 'https://app:url-pw-5150@127.0.0.1:9/mcp?api_key=sk-query-5150&token=tok%2Bq-5150&access_token=at-q-5150&key=k-q-5150&page=2&format=json'
    const spec = parseServerEntry({ url }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['url-pw-5150', 'sk-query-5150', 'tok%2Bq-5150', 'tok+q-5150', 'at-q-5150', 'k-q-5150']))
    expect(spec.label).toBe('https://app:[redacted]@127.0.0.1:9/mcp?api_key=[redacted]&token=[redacted]&access_token=[redacted]&key=[redacted]&page=2&format=json')
    // The server is still reached with them.
    expect(spec.transport).toMatchObject({ type: 'http', url })
  })

  it("a stdio entry's args: a credential flag's value (--api-key v, --token=v, NAME=v, a credential header), a URL's password; not --root /srv/data; the label shows none", () => {
    const args = ['server.js', '--api-key', 'sk-arg-5150', '--token=tok-arg-5150', '--password', 'pw-arg-5150', '-e', 'GITHUB_TOKEN=ghp_arg5150', '--header', 'Authorization: Bearer sk-hdr-5150',
      'postgres://app:db-pw-5150@db/x', 'https://api.example/v1?key=k-arg-5150', '--db=postgres://app:eq-pw-5150@db/x', '--verbose', '--root', '/srv/data', '--port', '8080']
    const spec = parseServerEntry({ command: 'node', args }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['sk-arg-5150', 'tok-arg-5150', 'pw-arg-5150', 'ghp_arg5150', 'sk-hdr-5150', 'db-pw-5150', 'k-arg-5150', 'eq-pw-5150']))
    expect(spec.label).toBe('node server.js --api-key [redacted] --token=[redacted] --password [redacted] -e GITHUB_TOKEN=[redacted] --header "Authorization: Bearer [redacted]" '
      + 'postgres://app:[redacted]@db/x https://api.example/v1?key=[redacted] --db=postgres://app:[redacted]@db/x --verbose --root /srv/data --port 8080')
    expect(spec.transport).toMatchObject({ type: 'stdio', args })
  })
  it("names a credential word is only part of are not credentials (MAX_TOKENS: 1000 would redact every 1000 of the reports); a name's credential words and a name ending in key are", () => {
    const spec = parseServerEntry({
      command: 'node',
      env: { MAX_TOKENS: '1000', TOKENIZER: 'cl100k', AUTHOR: 'ada', KEYBOARD: 'dvorak', MONKEY_PATCH: 'on', STRIPE_KEY: 'sk-stripe-5150', AWS_SECRET_ACCESS_KEY: 'aws-5150', HF_ACCESSTOKEN: 'hf-5150', clientSecret: 'cs-5150' },
      args: ['server.js', '--max-tokens', '2000', '--no-auth', 'extra.json', '--keyboard', 'qwerty', '--auth-token', 'at-5150'],
    }, '/tmp', at)
    expect(new Set(spec.secrets)).toEqual(new Set(['sk-stripe-5150', 'aws-5150', 'hf-5150', 'cs-5150', 'at-5150']))
    expect(spec.label).toBe('node server.js --max-tokens 2000 --no-auth extra.json --keyboard qwerty --auth-token [redacted]')
    const http = parseServerEntry({ url: 'https://api.example/mcp?max_tokens=300&monkey=1&subscription-key=sub-5150', headers: { 'X-RateLimit-Remaining-Tokens': '99', 'Ocp-Apim-Subscription-Key': 'apim-5150', 'X-Author': 'ada' } }, '/tmp', at)
    expect(new Set(http.secrets)).toEqual(new Set(['sub-5150', 'apim-5150']))
  })
})

describe('which MCP entries write a credential literally', () => {
  it('a credential in args or in the URL (query or password) does; ${VAR} references and plain arguments do not', () => {
    expect(writesCredentialLiterally({ command: 'node', args: ['s.js', '--api-key', 'sk-1234'] })).toBe(true)
    expect(writesCredentialLiterally({ command: 'node', args: ['s.js', '--token=tok-1234'] })).toBe(true)
    expect(writesCredentialLiterally({ command: 'npx', args: ['server-postgres', 'postgres://app:pw-1234@db/x'] })).toBe(true)
    expect(writesCredentialLiterally({ url: 'https://host/mcp?access_token=at-1234' })).toBe(true)
    expect(writesCredentialLiterally({ url: 'https://app:pw-1234@host/mcp' })).toBe(true)
    expect(writesCredentialLiterally({ url: 'https://host/mcp?page=2' })).toBe(false)
    expect(writesCredentialLiterally({ command: 'node', args: ['s.js', '--root', '/srv/data', '--api-key=${KEY}'] })).toBe(false)
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

  it('is not cached when a credential is written literally in its args', async () => {
    const dir = tempFiles({ 'suite.yaml': ['name: s', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}, --api-key, sk-literalArgCache5150] } }`, 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
    process.env.XDG_CACHE_HOME = join(dir, 'cache')
    await loadSuite(join(dir, 'suite.yaml'))
    expect(filesUnder(join(dir, 'cache'))).toEqual([])
  })
})
