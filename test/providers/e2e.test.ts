// End-to-end through the CLI: `node bin/toolgauge.mjs run` in a child process, real SDKs, fake APIs on loopback.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { weatherModel } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlEnvFor, baseUrlFor, fakeKeys, keyEnvFor, keyFor, startFakeServer, type FakeServer, type ProviderKind } from './fake/harness.ts'
import { withFaults } from './fake/loopback.ts'
import { closedPort } from '../helpers/closed-port.ts'

const root = new URL('../..', import.meta.url).pathname
const suite = join(root, 'test/providers/fixtures/e2e')
const work = mkdtempSync(join(tmpdir(), 'toolgauge-e2e-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Report = { results: { case: string; repeat: number; passed: boolean; failures: { kind: string; message: string }[]; metrics: unknown }[] }
type RunResult = { code: number | null; stdout: string; stderr: string; report: Report | undefined }

/** Runs the CLI with only the variables given (plus PATH/HOME), so no real key or host can leak in. */
function cli(args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/toolgauge.mjs'), 'run', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => {
      const out = args[args.indexOf('--out') + 1]!
      const file = join(out, 'report.json')
      resolve({ code, stdout, stderr, report: existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined })
    })
  })
}

/**
 * Env pointing a kind's SDK at an origin (base URL by env, as a user would) with the fake key. openai-compatible
 * reads neither variable: its host comes from --base-url (hostFlags), and the OpenAI key set here must not reach it.
 */
function envFor(kind: ProviderKind, origin: string, withKey = true): Record<string, string> {
  return {
    [baseUrlEnvFor(kind)]: baseUrlFor(kind, origin),
    ...(withKey ? { [keyEnvFor(kind)]: keyFor(kind) } : {}),
  }
}

/** `--base-url <origin>` for openai-compatible, the one kind whose host is given per run or per model. */
function hostFlags(kind: ProviderKind, origin: string): string[] {
  return kind === 'openai-compatible' ? ['--base-url', baseUrlFor(kind, origin)] : []
}

/** What the scores are: the verdict, failure kinds and messages, and the metrics of every case. */
function verdicts(report: Report | undefined): unknown {
  expect(report).toBeDefined()
  return report!.results.map((result) => ({ case: result.case, repeat: result.repeat, passed: result.passed, failures: result.failures, metrics: result.metrics }))
}

/** Fault kinds injected by the last faulty server. */
let injected: string[] = []

async function withServer<T>(kind: ProviderKind, faults: boolean, body: (server: FakeServer) => Promise<T>): Promise<T> {
  const wrap = (handler: Parameters<typeof withFaults>[0]) => {
    const wrapped = withFaults(handler)
    injected = wrapped.injected
    return wrapped
  }
  const server = await startFakeServer(kind, weatherModel, faults ? { wrap } : {})
  try {
    return await body(server)
  } finally {
    await server.close()
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

const expectedVerdicts = {
  'parallel-two-cities': true,
  'serial-required': true,
  'none-keeps-tools': true,
  'forced-tool': true,
  'no-city': true,
  'wrong-tool-fails': false,
}

const healthy: Partial<Record<ProviderKind, unknown>> = {}

// Every test runs twice per kind: as the requests were always sent, and streamed (`--stream`), which must give the
// same report less timings — verdicts, failures and metrics, through faults, outages, record and replay alike.
const modes = allProviderKinds.flatMap((kind) => [
  { kind, stream: false, title: `${kind}:…` },
  { kind, stream: true, title: `${kind}:… --stream` },
])

describe.each(modes)('toolgauge run --model $title', ({ kind, stream }) => {
  const spec = `${kind}:test-model`
  const mode = stream ? 'streamed' : 'plain'
  // `cli` with --stream added for the streamed mode.
  const toolgauge = (args: string[], env: Record<string, string>) => cli(stream ? [...args, '--stream'] : args, env)

  it('scores the suite, identically to the other providers', async () => {
    const run = await withServer(kind, false, async (server) => {
      const result = await toolgauge([suite, '--model', spec, '--out', join(work, kind, mode, 'healthy'), ...hostFlags(kind, server.origin)], envFor(kind, server.origin))
      expect(server.violations).toEqual([])
      // Each request asked for a stream exactly when the run did.
      const asked = server.requests.map((request) => (request.body as { stream?: unknown }).stream === true || request.path.includes(':streamGenerateContent'))
      expect(new Set(asked)).toEqual(new Set([stream]))
      return result
    })
    expect(run.code, run.stderr).toBe(1) // wrong-tool-fails fails on purpose
    expect(Object.fromEntries(run.report!.results.map((result) => [result.case, result.passed]))).toEqual(expectedVerdicts)
    if (stream) {
      // The plain run of this kind ran first: the streamed report is the same.
      expect(verdicts(run.report)).toEqual(healthy[kind])
      return
    }
    healthy[kind] = verdicts(run.report)
    for (const other of allProviderKinds) if (healthy[other] !== undefined) expect(healthy[kind]).toEqual(healthy[other])
  })

  it('completes every case with the same verdicts when 1 request in 3 fails', async () => {
    const run = await withServer(kind, true, (server) => toolgauge([suite, '--model', spec, '--out', join(work, kind, mode, 'faults'), '--concurrency', '2', ...hostFlags(kind, server.origin)], envFor(kind, server.origin)))
    expect(run.code, run.stderr).toBe(1)
    expect(new Set(injected)).toEqual(new Set(['429', '500', 'reset', 'truncated']))
    expect(Object.fromEntries(run.report!.results.map((result) => [result.case, result.passed]))).toEqual(expectedVerdicts)
    if (healthy[kind] !== undefined) expect(verdicts(run.report)).toEqual(healthy[kind])
  })

  it('gives every case provider_error, writes the report and exits 3 when the provider is unreachable', async () => {
    const origin = `http://127.0.0.1:${await closedPort()}`
    const run = await toolgauge([suite, '--model', spec, '--out', join(work, kind, mode, 'down'), '--retries', '1', ...hostFlags(kind, origin)], envFor(kind, origin))
    expect(run.code, run.stderr).toBe(3)
    expect(run.report!.results).toHaveLength(6)
    for (const result of run.report!.results) {
      expect(result.passed).toBe(false)
      expect(result.failures.map((failure) => failure.kind)).toContain('provider_error')
      // A case started after three found nothing answering is not sent (http/unreachable-breaker.ts): errored the same.
      expect(result.failures.find((failure) => failure.kind === 'provider_error')!.message).toMatch(/connection failed.*gave up after 1 retry|stopped calling http:\/\/127\.0\.0\.1:\d+\//)
    }
    expect(run.report!.results.filter((result) => result.failures.some((failure) => /connection failed/.test(failure.message))).length).toBeGreaterThanOrEqual(3)
  })

  it('replays a recorded run to identical verdicts with no network, and the key is in no file', async () => {
    const cassettes = join(work, kind, mode, 'cassettes')
    const recorded = await withServer(kind, false, (server) =>
      toolgauge([suite, '--model', spec, '--out', join(work, kind, mode, 'record'), '--record', cassettes, ...hostFlags(kind, server.origin)], envFor(kind, server.origin)),
    )
    expect(recorded.code, recorded.stderr).toBe(1)
    // The server is gone and no key is set (nor, for openai-compatible, a host): only cassettes can answer.
    const origin = `http://127.0.0.1:${await closedPort()}`
    const replayed = await toolgauge([suite, '--model', spec, '--out', join(work, kind, mode, 'replay'), '--replay', cassettes], envFor(kind, origin, false))
    expect(replayed.code, replayed.stderr).toBe(1)
    expect(verdicts(replayed.report)).toEqual(verdicts(recorded.report))
    const files = [...filesUnder(cassettes), ...filesUnder(join(work, kind, mode, 'record')), ...filesUnder(join(work, kind, mode, 'replay'))]
    expect(files.length).toBeGreaterThan(6)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(fakeKeys.some((key) => text.includes(key)), file).toBe(false)
    }
  })
})

describe('replay misses', () => {
  it('stops with exit 2 naming the case and model when a cassette is missing', async () => {
    // An existing folder with no cassette for the case (a missing folder is its own error: test/cli/replay-folder).
    const empty = join(work, 'empty-cassettes')
    mkdirSync(empty, { recursive: true })
    const run = await cli([suite, '--model', 'anthropic:claude-x', '--out', join(work, 'miss'), '--replay', empty, '--filter', 'forced-tool'], {})
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/no cassette for case "forced-tool" of suite "provider-e2e" \(repeat #1, turn 1\) with model anthropic:claude-x/)
  })
})
