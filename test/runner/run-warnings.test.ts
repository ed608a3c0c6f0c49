// The warnings said deep inside a run — a secret under 4 characters, which cannot be redacted (by its source: a key
// variable, an MCP server's ${VAR}), and a cache folder others may write to — went to stderr even for a library
// caller who gave runEvaluation an onWarning, and once per process: a second run in the same process was told
// nothing. Now they go through the run's onWarning like its other warnings, once per run; without onWarning they are
// printed on stderr as before (the CLI passes one that prints them).
import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { AsyncLocalStorage } from 'node:async_hooks'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { fixture, q } from '../mcp/helpers.ts'
import { startTextChatServer, type Loopback } from '../providers/fake/loopback.ts'

restoreEnvAfterEach(['TG_RUN_SHORT_KEY', 'TG_RUN_SHORT_MCP', 'XDG_CACHE_HOME', 'TOOLGAUGE_CACHE'])
const servers: Loopback[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A suite whose MCP server is given `${TG_RUN_SHORT_MCP}`. */
function suite(): string {
  const dir = tempFiles({
    'suite.yaml': ['name: short', 'tools:', `  - { mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_RUN_SHORT_MCP}", LOG_LEVEL: off } } }`,
      'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n'),
  })
  return dir
}

/** Runs the suite once; returns what onWarning was told (when given one) and what reached stderr. */
async function run(dir: string, out: string, takeWarnings: boolean) {
  const warnings: string[] = []
  let stderr = ''
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  try {
    // An openai-compatible model reading its key from TG_RUN_SHORT_KEY.
    await runEvaluation({
      suitePaths: [join(dir, 'suite.yaml')], models: ['openai-compatible:m'], outDir: join(dir, out), providerOptions: { baseUrl: await startTextChatServer(servers), apiKeyEnv: 'TG_RUN_SHORT_KEY' },
      ...(takeWarnings ? { onWarning: (message: string) => warnings.push(message) } : {}),
    })
  } finally {
    spy.mockRestore()
  }
  return { warnings: warnings.filter((message) => message.includes('cannot be redacted') || message.includes('cache folder')), stderr }
}

describe('the warnings a run\'s inner parts say', () => {
  it('go to onWarning, by their source and without the value, once per run — a second run is told again — and not to stderr', { timeout: 30_000 }, async () => {
    process.env.TG_RUN_SHORT_KEY = 'k9z'
    process.env.TG_RUN_SHORT_MCP = 'm2v'
    const dir = suite()
    const cache = join(dir, 'cache')
    mkdirSync(join(cache, 'toolgauge'), { recursive: true })
    chmodSync(join(cache, 'toolgauge'), 0o777)
    process.env.XDG_CACHE_HOME = cache
    delete process.env.TOOLGAUGE_CACHE
    for (const out of ['first', 'second']) {
      const { warnings, stderr } = await run(dir, out, true)
      expect(warnings.filter((message) => message.startsWith('the environment variable TG_RUN_SHORT_KEY is a secret of 3 characters')), out).toHaveLength(1)
      expect(warnings.filter((message) => message.startsWith('the environment variable TG_RUN_SHORT_MCP (env.ECHO_TOKEN of the MCP server')), out).toHaveLength(1)
      expect(warnings.filter((message) => message.startsWith('not using the cache folder')), out).toEqual([expect.stringContaining('group or others may write to it (mode 777')])
      expect(warnings, out).toHaveLength(3)
      expect(stderr, out).toBe('')
      for (const value of ['k9z', 'm2v']) expect(warnings.join('\n')).not.toContain(value)
    }
  })

  it('are printed on stderr, as before, for a run without onWarning', { timeout: 30_000 }, async () => {
    process.env.TG_RUN_SHORT_KEY = 'x4q'
    process.env.TG_RUN_SHORT_MCP = 'long-enough-value'
    process.env.TOOLGAUGE_CACHE = 'off'
    const { stderr } = await run(suite(), 'out', false)
    expect(stderr).toContain('warning: the environment variable TG_RUN_SHORT_KEY is a secret of 3 characters: secrets under 4 characters cannot be redacted')
    expect(stderr).not.toContain('x4q')
  })

  // The CLI's onWarning prints as warnings said outside a run are printed: its run is told them with no
  // AsyncLocalStorage of the run's own, whose promise hooks would slow all the run does, its setup too.
  it('reach the CLI\'s printer once, with no context of the run\'s own', { timeout: 30_000 }, async () => {
    const dir = tempFiles({ 'suite.yaml': ['name: plain', 'cases:', '  - { id: a, prompt: go, expect: { calls: [] } }'].join('\n') })
    const cache = join(dir, 'cache')
    mkdirSync(join(cache, 'toolgauge'), { recursive: true })
    chmodSync(join(cache, 'toolgauge'), 0o777)
    process.env.XDG_CACHE_HOME = cache
    delete process.env.TOOLGAUGE_CACHE
    const entered = vi.spyOn(AsyncLocalStorage.prototype, 'run')
    for (const out of ['first', 'second']) {
      const { code, stderr } = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, out)])
      expect(code, stderr).toBe(0)
      // Told again by the second run in this process, as a library run is.
      expect(stderr.match(/warning: not using the cache folder/g), out).toHaveLength(1)
    }
    // No scope the run's warnings ride in: neither the run's own (warningsTo) nor its cases' (a CaseStrays' warnings).
    const warningContexts = entered.mock.calls.filter(([store]) => typeof store === 'object' && store !== null && (store as { warnings?: unknown }).warnings !== undefined)
    expect(entered).toHaveBeenCalled() // each case's own context (loop/case-strays.ts)
    expect(warningContexts).toEqual([])
  })
})
