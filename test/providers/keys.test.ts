// Keys go only where they belong: every server sees the key meant for it, or none. Real CLI, real SDKs, loopback.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { fakeApi } from './fake/api.ts'
import { weatherModel } from './fake/behaviour.ts'
import { anthropicKey, openaiKey, protocolFor, startFakeServer, type FakeServer } from './fake/harness.ts'
import { startLoopback, type Loopback } from './fake/loopback.ts'

const root = new URL('../..', import.meta.url).pathname
const suite = join(root, 'test/providers/fixtures/e2e/suite.yaml')
const work = mkdtempSync(join(tmpdir(), 'toolgauge-keys-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const groqKey = 'gsk-test-GROQ-0123456789abcdef'
const everyKey = [openaiKey, anthropicKey, groqKey]

/** A Chat Completions server that answers only requests carrying exactly `key` (undefined: no Authorization header). */
function chatServer(key: string | undefined): Promise<Loopback> {
  return startLoopback(fakeApi(protocolFor('openai-compatible'), weatherModel, key ?? ''))
}

/** Every header value a server received, for the "no foreign key" assertion. */
function headerText(server: Loopback): string {
  return server.requests.map((request) => JSON.stringify(request.headers)).join('\n')
}

/** The keys (of the three test keys) that reached a server. */
function keysSeenBy(server: Loopback): string[] {
  const text = headerText(server)
  return everyKey.filter((key) => text.includes(key))
}

type RunResult = { code: number | null; stdout: string; stderr: string }

/** The fixture suite's `wrong-tool-fails` case fails on purpose: a clean run exits 1 with no provider_error. */
function expectCleanRun(result: RunResult): void {
  expect(result.code, result.stderr).toBe(1)
  expect(result.stdout).toContain('wrong-tool-fails')
  expect(result.stdout).not.toContain('provider_error')
}

/** The real CLI with only the variables given (plus PATH/HOME): no real key or host can leak in. */
function cli(args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/toolgauge.mjs'), 'run', suite, '--retries', '0', ...args], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const servers: (Loopback | FakeServer)[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function started<T extends Loopback>(server: Promise<T>): Promise<T> {
  const value = await server
  servers.push(value)
  return value
}

/** Both hosted keys in the environment, as on a developer's machine. */
const hostedKeys = { OPENAI_API_KEY: openaiKey, ANTHROPIC_API_KEY: anthropicKey }

describe('API keys reach only the host they were meant for', () => {
  it('--base-url goes to the openai-compatible model only: the local server sees no key, Anthropic its own', async () => {
    const local = await started(chatServer(undefined))
    const anthropic = await started(startFakeServer('anthropic', weatherModel))
    const out = join(work, 'mixed')
    const result = await cli(
      ['--model', 'anthropic:claude-test', '--model', 'openai-compatible:llama', '--base-url', `${local.origin}/v1`, '--out', out],
      { ...hostedKeys, ANTHROPIC_BASE_URL: anthropic.origin },
    )
    expectCleanRun(result)
    expect(local.requests.length).toBeGreaterThan(0)
    expect(anthropic.requests.length).toBeGreaterThan(0)
    expect(keysSeenBy(local)).toEqual([])
    expect(keysSeenBy(anthropic)).toEqual([anthropicKey])
    expect(anthropic.violations).toEqual([])
  })

  it('several servers in one run, each with its own base_url and api_key_env from the config', async () => {
    const local = await started(chatServer(undefined))
    const hosted = await started(chatServer(groqKey))
    const openai = await started(startFakeServer('openai', weatherModel))
    const config = join(work, 'servers.config.yaml')
    writeFileSync(config, [
      'providers:',
      `  "openai-compatible:llama": { base_url: "${local.origin}/v1" }`,
      `  "openai-compatible:qwen": { baseUrl: "${hosted.origin}/v1", apiKeyEnv: GROQ_KEY }`,
      '',
    ].join('\n'))
    const result = await cli(
      ['--config', config, '--model', 'openai-compatible:llama', '--model', 'openai-compatible:qwen', '--model', 'openai:gpt-test', '--out', join(work, 'servers')],
      { ...hostedKeys, GROQ_KEY: groqKey, OPENAI_BASE_URL: `${openai.origin}/v1` },
    )
    expectCleanRun(result)
    for (const server of [local, hosted, openai]) expect(server.requests.length).toBeGreaterThan(0)
    expect(keysSeenBy(local)).toEqual([])
    expect(keysSeenBy(hosted)).toEqual([groqKey])
    expect(keysSeenBy(openai)).toEqual([openaiKey])
  })

  it('openai-compatible never reads OPENAI_API_KEY or OPENAI_BASE_URL on its own', async () => {
    const local = await started(chatServer(undefined))
    const result = await cli(['--model', 'openai-compatible:llama', '--out', join(work, 'no-url')], { ...hostedKeys, OPENAI_BASE_URL: `${local.origin}/v1` })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--base-url')
    expect(local.requests).toEqual([])
    const keyed = await cli(['--model', 'openai-compatible:llama', '--base-url', `${local.origin}/v1`, '--api-key-env', 'GROQ_KEY', '--out', join(work, 'keyed')], { ...hostedKeys })
    expect(keyed.code).toBe(2)
    expect(keyed.stderr).toContain('GROQ_KEY')
    expect(local.requests).toEqual([])
  })

  it('--base-url or --api-key-env in a run without openai-compatible models is an error, before any request', async () => {
    const anthropic = await started(startFakeServer('anthropic', weatherModel))
    for (const flags of [['--base-url', anthropic.origin], ['--api-key-env', 'GROQ_KEY']]) {
      const result = await cli(['--model', 'anthropic:claude-test', ...flags, '--out', join(work, 'refused')], { ...hostedKeys, GROQ_KEY: groqKey })
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toContain(`${flags[0]}: applies to openai-compatible: models only`)
      expect(result.stderr).not.toContain('Usage:')
    }
    expect(anthropic.requests).toEqual([])
  })

  it("the refusal names where a google: model reads its host and key, as it does for openai: and anthropic:", async () => {
    const result = await cli(['--model', 'google:gemini-test', '--base-url', 'http://127.0.0.1:9/v1', '--out', join(work, 'refused-google')], { GEMINI_API_KEY: groqKey })
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toContain('--base-url: applies to openai-compatible: models only')
    expect(result.stderr).toMatch(/google: GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY/)
  })

  it('--replay needs no base URL and no key for any provider', async () => {
    const local = await started(chatServer(undefined))
    const anthropic = await started(startFakeServer('anthropic', weatherModel))
    const cassettes = join(work, 'cassettes')
    const models = ['--model', 'anthropic:claude-test', '--model', 'openai-compatible:llama', '--model', 'openai:gpt-test']
    const openai = await started(startFakeServer('openai', weatherModel))
    const recorded = await cli([...models, '--base-url', `${local.origin}/v1`, '--record', cassettes, '--out', join(work, 'recorded')], {
      ...hostedKeys, ANTHROPIC_BASE_URL: anthropic.origin, OPENAI_BASE_URL: `${openai.origin}/v1`,
    })
    expectCleanRun(recorded)
    const replayed = await cli([...models, '--replay', cassettes, '--out', join(work, 'replayed')], {})
    expectCleanRun(replayed)
    const report = (dir: string) => (JSON.parse(readFileSync(join(work, dir, 'report.json'), 'utf8')) as { results: { passed: boolean }[] }).results.map((r) => r.passed)
    expect(report('replayed')).toEqual(report('recorded'))
    expect(existsSync(join(work, 'replayed', 'report.json'))).toBe(true)
  })
})
