// Cassettes are keyed by the full identity of a request (suite, case, model, repeat, turn, path with query,
// body): two cases sending the same first request get two cassettes, and a recording made against an API whose
// tool-call ids change on every response replays to the same verdicts and exit code.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { cassetteKey } from '../../src/http/cassette.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import { baseUrlFor, allProviderKinds, setProviderEnv, startFakeServer } from '../providers/fake/harness.ts'

// Same prompt, different stubs: the first request of both cases is byte for byte the same.
const suite = `name: twins
tools:
  - name: get_weather
    description: Current weather for a city
    parameters: { type: object, properties: { city: { type: string } }, required: [city] }
cases:
  - id: warm
    prompt: Weather in Paris?
    stubs: { get_weather: [{ result: { temperature: 18 } }] }
    expect: { calls: [{ name: get_weather, args: { city: Paris } }], final: { contains: ["18"] } }
  - id: cold
    prompt: Weather in Paris?
    stubs: { get_weather: [{ result: { temperature: -3 } }] }
    expect: { calls: [{ name: get_weather, args: { city: Paris } }], final: { contains: ["-3"] } }
`

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function verdicts(dir: string): unknown {
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
  return report.results.map((result) => ({ case: result.case, passed: result.passed, failures: result.failures }))
}

describe.each(allProviderKinds)('%s cassettes keyed by request identity', (kind) => {
  it('records one cassette per case and turn, and replays to the same verdicts with changing call ids', async () => {
    const dir = tempFiles({ 'twins.suite.yaml': suite })
    dirs.push(dir)
    const server = await startFakeServer(kind, weatherModel, { randomIds: true })
    // Hosted providers read their host from the environment; openai-compatible takes --base-url.
    const host = (origin: string) => (kind === 'openai-compatible' ? ['--base-url', baseUrlFor(kind, origin)] : [])
    setProviderEnv(kind, server.origin)
    const base = ['run', join(dir, 'twins.suite.yaml'), '--model', `${kind}:m`, '--concurrency', '1']
    const recorded = await runMain([...base, '--out', join(dir, 'rec'), '--record', join(dir, 'cassettes'), ...host(server.origin)])
    await server.close()
    expect(server.violations).toEqual([])
    expect(recorded.code, recorded.stderr).toBe(0)
    // 2 cases × 2 turns: the identical first requests are kept apart.
    expect(readdirSync(join(dir, 'cassettes'))).toHaveLength(4)

    setProviderEnv(kind, 'http://127.0.0.1:9')
    const replayed = await runMain([...base, '--out', join(dir, 'play'), '--replay', join(dir, 'cassettes'), ...host('http://127.0.0.1:9')])
    expect(replayed.code, replayed.stderr).toBe(recorded.code)
    expect(verdicts(join(dir, 'play'))).toEqual(verdicts(join(dir, 'rec')))
  })
})

describe('cassetteKey', () => {
  const identity = { suite: 's', caseId: 'c', model: 'openai:m', repeat: 0, turn: 0 }
  const request = { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', body: '{"a":1}' }
  it('differs for every part of the identity', () => {
    const key = cassetteKey(request, identity)
    const variants = [
      cassetteKey(request, { ...identity, suite: 't' }),
      cassetteKey(request, { ...identity, caseId: 'd' }),
      cassetteKey(request, { ...identity, model: 'openai:m (low)' }),
      cassetteKey(request, { ...identity, repeat: 1 }),
      cassetteKey(request, { ...identity, turn: 1 }),
      cassetteKey({ ...request, url: 'http://127.0.0.1:1/v1/chat/completions?api-version=2' }, identity),
      cassetteKey({ ...request, body: '{"a":2}' }, identity),
      cassetteKey({ ...request, method: 'GET' }, identity),
    ]
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1)
  })
  it('ignores key order in the body, and the host and port (--replay needs no base URL)', () => {
    expect(cassetteKey({ ...request, body: '{ "b": 2, "a": 1 }' }, identity)).toBe(cassetteKey({ ...request, body: '{"a":1,"b":2}' }, identity))
    // A loopback stand-in listens on a fresh port every time, and a replay has no host at all.
    expect(cassetteKey({ ...request, url: 'http://127.0.0.1:2/v1/chat/completions' }, identity)).toBe(cassetteKey(request, identity))
    expect(cassetteKey({ ...request, url: 'http://replay.invalid/v1/chat/completions' }, identity)).toBe(cassetteKey(request, identity))
  })
})
