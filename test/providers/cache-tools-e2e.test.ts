// Issue 27: `toolgauge run --cache-tools` end to end (the CLI in a child process, real SDKs, loopback stand-ins):
// the flag reaches every HTTP model, its requests carry the protocol's cache markers, the verdicts are those of the
// plain run, and the report shows the cache reads and writes. The suite is the e2e fixture with one tool
// description long enough that the tool definitions alone pass the minimum cacheable length (the stand-ins bill by
// the published rules: the fixture's own two small tools would be cached by nobody).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlEnvFor, baseUrlFor, keyEnvFor, keyFor, startFakeServer, type ProviderKind } from './fake/harness.ts'

const root = new URL('../..', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'toolgauge-cache-'))
const suite = join(work, 'suite')
mkdirSync(suite)
const longDescription = `Local time in a timezone.${' Give the zone as an IANA name such as Europe/Paris or Asia/Tokyo, never as an offset.'.repeat(80)}`
writeFileSync(join(suite, 'suite.yaml'), readFileSync(join(root, 'test/providers/fixtures/e2e/suite.yaml'), 'utf8').replace('description: Local time in a timezone', `description: "${longDescription}"`))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/toolgauge.mjs'), 'run', ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe.each(['anthropic', 'openai'] as const)('toolgauge run --model %s:test-model --cache-tools', (kind: ProviderKind) => {
  it('sends the cache markers on every request, keeps the verdicts and reports the cache', async () => {
    const server = await startFakeServer(kind, weatherModel)
    const out = join(work, kind)
    try {
      const run = await cli([suite, '--model', `${kind}:test-model`, '--cache-tools', '--out', out], { [baseUrlEnvFor(kind)]: baseUrlFor(kind, server.origin), [keyEnvFor(kind)]: keyFor(kind) })
      expect(run.code, run.stderr).toBe(1) // wrong-tool-fails fails on purpose, as in the plain run
      expect(server.violations).toEqual([])
      const bodies = server.requests.map((request) => request.body as Record<string, unknown>)
      if (kind === 'anthropic') {
        for (const body of bodies) expect((body.tools as Record<string, unknown>[]).at(-1)!.cache_control).toEqual({ type: 'ephemeral' })
      } else {
        for (const body of bodies) expect(body.prompt_cache_key).toMatch(/^tg:[^:]+:[0-9a-f]{16}$/)
      }
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { summary: { usage: { cacheRead: number; cacheWrite: number }; toolTokens?: { cached?: number } }[]; results: { passed: boolean }[] }
      expect(report.results.filter((result) => !result.passed)).toHaveLength(1)
      expect(report.summary[0]!.usage.cacheRead).toBeGreaterThan(0)
      if (kind === 'anthropic') expect(report.summary[0]!.usage.cacheWrite).toBeGreaterThan(0)
      expect(report.summary[0]!.toolTokens?.cached).toBeGreaterThan(0)
      expect(run.stdout).toContain('cache read/write')
    } finally {
      await server.close()
    }
  })
})
