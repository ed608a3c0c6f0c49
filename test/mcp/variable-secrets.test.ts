// Which `${VAR}` values of an MCP entry are secrets. Every one was: `url: "http://127.0.0.1:${PORT}/mcp"` made the
// port a secret, so a failed connect printed `ECONNREFUSED 127.0.0.1:[redacted]` (hiding which server it was), every
// `3001` of the reports was redacted, and `PORT=80` was warned about as a secret too short to redact. Now the value
// of a variable is a secret by the rule every other name follows (http/redact.ts `isCredentialName`, word by word):
// when the variable's name says it is a credential (`GITHUB_TOKEN`, `API_KEY`), wherever it stands, or when it
// stands where a credential does (a credential env or header, flag, or in a URL anywhere but its host and port: a
// hosted server's key stands in its path), as a value written literally there would be. `PORT`, `HOST`, a path are shown.
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { parseServerEntry } from '../../src/mcp/server-spec.ts'
import { runMain } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { closedPort } from '../helpers/closed-port.ts'

const at = (field: string, message: string) => new InputError(message, { field })
restoreEnvAfterEach(['TG_SEC_PORT', 'TG_SEC_HOST', 'TG_SEC_ROOT', 'TG_SEC_PLAIN', 'TG_SEC_TOKEN', 'TG_SEC_API_KEY'])

describe('the secrets of ${VAR} in an MCP entry', () => {
  it('a variable named as a credential is one wherever it stands; a PORT, HOST or path is not', () => {
    Object.assign(process.env, { TG_SEC_PORT: '3999', TG_SEC_HOST: 'mcp-host-6262.internal', TG_SEC_ROOT: '/srv/root-6262', TG_SEC_TOKEN: 'ghp_anywhere6262', TG_SEC_API_KEY: 'sk-anywhere6262' })
    const http = parseServerEntry({ url: 'http://${TG_SEC_HOST}:${TG_SEC_PORT}/mcp/${TG_SEC_TOKEN}', headers: { 'X-Region': '${TG_SEC_API_KEY}' } }, '/tmp', at)
    expect(http.transport).toMatchObject({ url: 'http://mcp-host-6262.internal:3999/mcp/ghp_anywhere6262', headers: { 'X-Region': 'sk-anywhere6262' } })
    expect(http.secrets).toEqual(expect.arrayContaining(['ghp_anywhere6262', 'sk-anywhere6262']))
    expect(http.secrets).not.toContain('3999')
    expect(http.secrets).not.toContain('mcp-host-6262.internal')
    const stdio = parseServerEntry({ command: 'node', args: ['s.js', '--root', '${TG_SEC_ROOT}', '--port=${TG_SEC_PORT}', '${TG_SEC_TOKEN}'], env: { DATA_DIR: '${TG_SEC_ROOT}/data' } }, '/tmp', at)
    expect(new Set(stdio.secrets)).toEqual(new Set(['ghp_anywhere6262']))
  })

  it("a variable of any name is one where it stands in a credential: a credential env, header, flag, or a URL's path, query or user", () => {
    process.env.TG_SEC_PLAIN = 'plain-but-secret-6262'
    const where: Record<string, unknown>[] = [
      { command: 'node', env: { GITHUB_TOKEN: '${TG_SEC_PLAIN}' } },
      { command: 'node', args: ['--api-key', '${TG_SEC_PLAIN}'] },
      { command: 'node', args: ['--token=${TG_SEC_PLAIN}'] },
      { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${TG_SEC_PLAIN}' } },
      { url: 'http://127.0.0.1:9/mcp?key=${TG_SEC_PLAIN}' },
      { url: 'http://app:${TG_SEC_PLAIN}@127.0.0.1:9/mcp' },
      // A hosted MCP URL carries its key in the path (Zapier's /api/mcp/s/<key>/mcp), or is a whole variable.
      { url: 'https://mcp.example/api/mcp/s/${TG_SEC_PLAIN}/mcp' },
      { url: 'http://127.0.0.1:9/mcp#${TG_SEC_PLAIN}' },
      { url: 'http://${TG_SEC_PLAIN}@127.0.0.1:9/mcp' },
    ]
    for (const entry of where) expect(parseServerEntry(entry, '/tmp', at).secrets, JSON.stringify(entry)).toContain('plain-but-secret-6262')
  })

  it('a variable that is the whole URL is a secret, as it may hold a key anywhere in it', () => {
    process.env.TG_SEC_PLAIN = 'https://mcp.example/api/mcp/s/plain-6262/mcp'
    const spec = parseServerEntry({ url: '${TG_SEC_PLAIN}' }, '/tmp', at)
    expect(spec.secrets).toContain('https://mcp.example/api/mcp/s/plain-6262/mcp')
    expect(spec.label).toBe('${TG_SEC_PLAIN}')
  })

  it('a server that cannot be reached at a ${PORT} URL is named with the port it was tried at', async () => {
    const port = await closedPort()
    process.env.TG_SEC_PORT = String(port)
    const listed = await runMain(['mcp', 'list', 'http://127.0.0.1:${TG_SEC_PORT}/mcp', '--connect-timeout', '5'])
    expect(listed.code).toBe(2)
    expect(listed.stderr).toContain('MCP server "http://127.0.0.1:${TG_SEC_PORT}/mcp" could not be reached')
    expect(listed.stderr).toContain(`127.0.0.1:${port}`)
    expect(listed.stderr).not.toContain('[redacted]')
  })
})

