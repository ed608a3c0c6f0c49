// `${VAR}` in a server given on the command line (`--mcp`, `mcp list`), quoted so the user's shell leaves it: it
// was read by shell-quote as the shell variable `$VAR` and reached the server as the literal `$VAR` (a quoted
// `'${VAR}'` was expanded, a bare one not). Now the line's words go through the suite entry's own expansion
// (server-spec.ts `parseServerEntry`): `${VAR}` is expanded wherever it stands, the value a secret, the label as
// written; `$VAR` stays as written, as in a suite's entry.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { specFromCommandLine } from '../../src/mcp/command-line.ts'
import { runMain } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const leakyServer = join(projectRoot, 'test/cli/fixtures/leaky-mcp-server.mjs')
restoreEnvAfterEach(['TG_LINE_TOKEN', 'TG_LINE_UNSET'])

describe('${VAR} in a server command line', () => {
  it('is expanded in every word, bare, double- or single-quoted, as a suite entry expands it; $VAR stays as written', () => {
    process.env.TG_LINE_TOKEN = 'ghp_lineToken6161'
    const spec = specFromCommandLine('node s.js ${TG_LINE_TOKEN} "--a=${TG_LINE_TOKEN}" \'${TG_LINE_TOKEN}/x\' $TG_LINE_TOKEN ${WORKDIR}/out', { field: '--mcp' })
    expect(spec.transport).toMatchObject({ type: 'stdio', command: 'node', args: ['s.js', 'ghp_lineToken6161', '--a=ghp_lineToken6161', 'ghp_lineToken6161/x', '$TG_LINE_TOKEN', '${WORKDIR}/out'] })
    expect(spec.secrets).toContain('ghp_lineToken6161')
    expect(spec.label).toBe('node s.js ${TG_LINE_TOKEN} --a=${TG_LINE_TOKEN} ${TG_LINE_TOKEN}/x $TG_LINE_TOKEN ${WORKDIR}/out')
  })

  it('an unset variable is bad input naming the flag and the word', () => {
    delete process.env.TG_LINE_UNSET
    const error = (() => { try { specFromCommandLine('node s.js --token ${TG_LINE_UNSET}', { field: '--mcp' }) } catch (caught) { return caught } })()
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as InputError).location?.field).toBe('--mcp args.2')
    expect((error as Error).message).toContain('environment variable TG_LINE_UNSET is not set')
  })

  it('a substitution the shell cannot read (an unclosed ${) is bad input, not a crash', () => {
    const error = (() => { try { specFromCommandLine('node s.js --token ${TG_LINE_TOKEN', { field: '--mcp' }) } catch (caught) { return caught } })()
    expect(InputError.isInstance(error), String(error)).toBe(true)
    expect((error as InputError).location?.field).toBe('--mcp')
    expect((error as Error).message).toContain('Bad substitution')
  })

  it('mcp list starts the server with the value and prints what it quotes of it redacted', async () => {
    process.env.TG_LINE_TOKEN = 'ghp_reachesLine6161'
    const listed = await runMain(['mcp', 'list', `${JSON.stringify(process.execPath)} ${JSON.stringify(leakyServer)} --api-key \${TG_LINE_TOKEN}`])
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toContain('Looks things up with key [redacted]')
    expect(listed.stdout).toContain('--api-key ${TG_LINE_TOKEN})')
    expect(listed.stdout).not.toContain('ghp_reachesLine6161')
  })
})
