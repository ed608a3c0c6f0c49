// `${VAR}` in an MCP entry, as Claude Desktop, Claude Code and VS Code configs write it: `args: ["--token",
// "${GITHUB_TOKEN}"]`, `url: "https://host/mcp?key=${KEY}"`. It was expanded in env: and headers: only, so args and
// url reached the server as written (a literal "${GITHUB_TOKEN}" token). Now it is expanded in command, args, url,
// env and headers alike: an unset variable is bad input naming the file and field, an expanded value is a secret by
// the word rule (variable-secrets.test.ts), and what names the server (messages, `mcp list`) shows the entry as
// written, `${VAR}` and all.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { parseServerEntry } from '../../src/mcp/server-spec.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { fixture, q } from './helpers.ts'

const leakyServer = join(projectRoot, 'test/cli/fixtures/leaky-mcp-server.mjs')

const at = (field: string, message: string) => new InputError(message, { field })
restoreEnvAfterEach(['XDG_CACHE_HOME', 'TG_VAR_TOKEN', 'TG_VAR_ROOT', 'TG_VAR_HOST', 'TG_VAR_URL', 'TG_VAR_NODE', 'TG_VAR_UNSET'])

describe('${VAR} in an MCP entry', () => {
  it("a stdio entry's command and args: expanded for the server (${WORKDIR} left for its start), a credential's value a secret, the label as written", () => {
    process.env.TG_VAR_TOKEN = 'ghp_fromEnvArg5150'
    process.env.TG_VAR_ROOT = '/srv/var-root-5150'
    process.env.TG_VAR_NODE = process.execPath
    const spec = parseServerEntry({ command: '${TG_VAR_NODE}', args: ['server.js', '--token', '${TG_VAR_TOKEN}', '--root=${TG_VAR_ROOT}/data', '${WORKDIR}/out'] }, '/tmp', at)
    expect(spec.transport).toMatchObject({ type: 'stdio', command: process.execPath, args: ['server.js', '--token', 'ghp_fromEnvArg5150', '--root=/srv/var-root-5150/data', '${WORKDIR}/out'] })
    expect(new Set(spec.secrets)).toEqual(new Set(['ghp_fromEnvArg5150']))
    expect(spec.label).toBe('${TG_VAR_NODE} server.js --token ${TG_VAR_TOKEN} --root=${TG_VAR_ROOT}/data ${WORKDIR}/out')
  })

  it("an HTTP entry's url: expanded (the whole URL may come from one, then a secret), a credential's value and the credentials it brings secrets, the label as written", () => {
    process.env.TG_VAR_HOST = '127.0.0.1:9'
    process.env.TG_VAR_TOKEN = 'sk-q%2Bvar-5150'
    const spec = parseServerEntry({ url: 'http://${TG_VAR_HOST}/mcp?key=${TG_VAR_TOKEN}&page=2' }, '/tmp', at)
    expect(spec.transport).toMatchObject({ type: 'http', url: 'http://127.0.0.1:9/mcp?key=sk-q%2Bvar-5150&page=2' })
    // The decoded form too: that is what the server reads, and may quote.
    expect(spec.secrets).toEqual(expect.arrayContaining(['sk-q%2Bvar-5150', 'sk-q+var-5150']))
    expect(spec.secrets).not.toContain('127.0.0.1:9')
    expect(spec.label).toBe('http://${TG_VAR_HOST}/mcp?key=${TG_VAR_TOKEN}&page=2')

    process.env.TG_VAR_URL = 'https://mcp.example/v1?api_key=sk-whole-5150'
    const whole = parseServerEntry({ url: '${TG_VAR_URL}' }, '/tmp', at)
    expect(whole.transport).toMatchObject({ type: 'http', url: 'https://mcp.example/v1?api_key=sk-whole-5150' })
    expect(new Set(whole.secrets)).toEqual(new Set(['https://mcp.example/v1?api_key=sk-whole-5150', 'sk-whole-5150']))
    expect(whole.label).toBe('${TG_VAR_URL}')
  })

  it('a URL that is none once expanded is bad input naming url, shown as written (never the value)', () => {
    process.env.TG_VAR_URL = 'ftp-secret-5150'
    const error = (() => { try { parseServerEntry({ url: '${TG_VAR_URL}' }, '/tmp', at) } catch (caught) { return caught } })()
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as InputError).location?.field).toBe('url')
    expect((error as Error).message).toContain('"${TG_VAR_URL}"')
    expect((error as Error).message).not.toContain('ftp-secret-5150')
  })

  it('an unset variable in args, url or command is bad input (exit 2) naming the file and the field', async () => {
    delete process.env.TG_VAR_UNSET
    const entries: [string, string][] = [
      [`{ command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}, --token, "\${TG_VAR_UNSET}"] }`, 'tools.0.mcp.args.2'],
      ['{ url: "http://127.0.0.1:9/mcp?key=${TG_VAR_UNSET}" }', 'tools.0.mcp.url'],
      ['{ command: "${TG_VAR_UNSET}" }', 'tools.0.mcp.command'],
    ]
    for (const [entry, field] of entries) {
      const dir = tempFiles({ 'suite.yaml': `name: unset\ntools:\n  - mcp: ${entry}\ncases:\n  - { id: a, prompt: hi }\n` })
      const error = await loadSuite(join(dir, 'suite.yaml')).catch((thrown: unknown) => thrown)
      expect(InputError.isInstance(error), `${entry}: ${String(error)}`).toBe(true)
      expect((error as InputError).location, entry).toMatchObject({ file: join(dir, 'suite.yaml'), line: 3, field })
      expect((error as Error).message, entry).toContain('environment variable TG_VAR_UNSET is not set')
      const cli = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out')])
      expect(cli.code, cli.stderr).toBe(2)
      expect(cli.stderr).toContain(`${field}: environment variable TG_VAR_UNSET is not set`)
      expect(cli.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('the server gets the values: a server quoting the key its args gave it quotes the expanded one', async () => {
    process.env.TG_VAR_TOKEN = 'ghp_reachesServer5150'
    const dir = tempFiles({ 'suite.yaml': ['name: s', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(leakyServer)}, --api-key, "\${TG_VAR_TOKEN}"] } }`, 'cases:', '  - { id: a, prompt: go }'].join('\n') })
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    // A loaded Suite is plain data: redaction is for what is written, and the definition is the server's own.
    expect(suite.tools.find((tool) => tool.name === 'lookup')?.description).toBe('Looks things up with key ghp_reachesServer5150')
  })

  it('a suite whose args and url use ${VAR} is still kept in the user cache, holding the references, never the values', async () => {
    process.env.TG_VAR_TOKEN = 'ghp_notInCache5150'
    const dir = tempFiles({ 'suite.yaml': ['name: s', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}, --token, "\${TG_VAR_TOKEN}"] } }`, 'cases:', '  - { id: a, prompt: go }'].join('\n') })
    process.env.XDG_CACHE_HOME = join(dir, 'cache')
    await loadSuite(join(dir, 'suite.yaml'))
    const cached = filesUnder(join(dir, 'cache'))
    expect(cached).toHaveLength(1)
    expect(cached.filter((file) => readFileSync(file).includes('ghp_notInCache5150'))).toEqual([])
  })
})

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => { const path = join(dir, name); return statSync(path).isDirectory() ? filesUnder(path) : [path] })
}
