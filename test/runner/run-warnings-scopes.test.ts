// The warnings said deep inside a run reach its onWarning through the work scope the run's work carries
// (core/warnings.ts). A case's work carries its own scope (its CaseStrays: one AsyncLocalStorage for both, since a
// second one cost the CLI's 20,000-case run about 10 MiB of peak RSS), which must still carry the run's warnings:
// the rank table's cache is first looked up as the process's first case is scored, so an untrusted `tokens` cache
// folder is said during a case's work. Two runs at once in one process are each told their own warnings only.
// (Its own file: the token counters are loaded once per process, by the first case counted.)
import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'
import { startTextChatServer, type Loopback } from '../providers/fake/loopback.ts'

restoreEnvAfterEach(['TG_SCOPE_KEY_A', 'TG_SCOPE_KEY_B', 'XDG_CACHE_HOME', 'TOOLGAUGE_CACHE'])
const servers: Loopback[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** A suite of two cases with one tool (so scoring counts its tokens). */
function suite(): string {
  return tempFiles({
    'suite.json': JSON.stringify({
      name: 'scopes',
      tools: [{ name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
      cases: [{ id: 'a', prompt: 'go', expect: { calls: [] } }, { id: 'b', prompt: 'go', expect: { calls: [] } }],
    }),
  })
}

/** Everything written on stderr while `work` runs. */
async function stderrOf<T>(work: () => Promise<T>): Promise<{ value: T; stderr: string }> {
  let stderr = ''
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk)
    return true
  })
  try {
    return { value: await work(), stderr }
  } finally {
    spy.mockRestore()
  }
}

/** Runs the suite with an openai-compatible model reading its key from `keyEnv`; returns what onWarning was told. */
async function run(dir: string, out: string, keyEnv: string): Promise<string[]> {
  const warnings: string[] = []
  await runEvaluation({
    suitePaths: [join(dir, 'suite.json')], models: ['openai-compatible:m'], outDir: join(dir, out), providerOptions: { baseUrl: await startTextChatServer(servers), apiKeyEnv: keyEnv },
    onWarning: (message: string) => warnings.push(message),
  })
  return warnings.filter((message) => message.includes('cannot be redacted') || message.includes('cache folder'))
}

describe('the warnings said inside a run', () => {
  it('reach onWarning when a case\'s work says them (the rank table\'s cache folder, first looked up as a case is scored), once, and not stderr', { timeout: 30_000 }, async () => {
    const dir = suite()
    const cache = join(dir, 'cache')
    mkdirSync(join(cache, 'toolgauge', 'tokens'), { recursive: true, mode: 0o700 })
    chmodSync(join(cache, 'toolgauge'), 0o700)
    chmodSync(join(cache, 'toolgauge', 'tokens'), 0o777)
    process.env.XDG_CACHE_HOME = cache
    delete process.env.TOOLGAUGE_CACHE
    process.env.TG_SCOPE_KEY_A = 'long-enough-key'
    const { value: warnings, stderr } = await stderrOf(() => run(dir, 'out', 'TG_SCOPE_KEY_A'))
    expect(warnings).toEqual([expect.stringMatching(/^not using the cache folder .*tokens: group or others may write to it \(mode 777/)])
    expect(stderr).toBe('')
  })

  it('of two runs at once reach each run\'s own onWarning, never the other\'s', { timeout: 30_000 }, async () => {
    process.env.TOOLGAUGE_CACHE = 'off'
    process.env.TG_SCOPE_KEY_A = 'a1b'
    process.env.TG_SCOPE_KEY_B = 'c2'
    const dir = suite()
    const { value: [first, second], stderr } = await stderrOf(() => Promise.all([run(dir, 'a', 'TG_SCOPE_KEY_A'), run(dir, 'b', 'TG_SCOPE_KEY_B')]))
    expect(first).toEqual([expect.stringMatching(/^the environment variable TG_SCOPE_KEY_A is a secret of 3 characters/)])
    expect(second).toEqual([expect.stringMatching(/^the environment variable TG_SCOPE_KEY_B is a secret of 2 characters/)])
    expect(stderr).toBe('')
  })
})
