// The end of a run whose cases errored against a model's server: a server that was down (or refused the key) for the
// whole run is said once, naming where the requests went and what to check, not only case by case.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { closedPort } from '../helpers/closed-port.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  delete process.env.OUTAGE_TEST_KEY
})

const suite = join(projectRoot, 'examples/first-suite/suite.yaml')

describe('a run against an unusable server', () => {
  it('with nothing listening: exit 3, and the one cause is said once, naming the URL and what to check', async () => {
    const port = await closedPort()
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    const said = run.stderr.split('\n').filter((line) => line.startsWith('Every errored case'))
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^Every errored case \(\d+\) ended the same way — provider_error: openai-compatible:m: connection failed: .*ECONNREFUSED/)
    expect(said[0]).toContain(`is the server running at http://127.0.0.1:${port}, and is the base URL right?`)
  })

  // Three cases in a row that never connected: the fourth is not sent (http/unreachable-breaker.ts), errored as the
  // others, and the end says once which URL the run stopped calling and how many cases it did not send.
  it('with nothing listening, one case at a time: the cases after the third are not sent, and the end names the URL once', async () => {
    const port = await closedPort()
    const out = tempFiles({})
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--concurrency', '1', '--out', out])
    expect(run.code, run.stderr).toBe(3)
    const stopped = run.stderr.split('\n').filter((line) => line.startsWith('Stopped calling'))
    expect(stopped).toEqual([`Stopped calling http://127.0.0.1:${port}/v1/chat/completions: nothing answered there, so 1 case of openai-compatible:m was not sent to it (provider_error) — is the server running, and is the base URL right?`])
    // Still one cause for all four: the stopped case ended so because of the three before it.
    expect(run.stderr).toMatch(/^Every errored case \(4\) ended the same way — provider_error: openai-compatible:m: connection failed: .*ECONNREFUSED/m)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { verdict: string; failures: { kind: string; message: string }[] }[] }
    expect(report.results.map((result) => result.verdict)).toEqual(['errored', 'errored', 'errored', 'errored'])
    expect(report.results.map((result) => result.failures[0]!.kind)).toEqual(['provider_error', 'provider_error', 'provider_error', 'provider_error'])
    // The one not sent is marked so on its failure (the run's end counts that field, not the message's words).
    const stoppedCalling = report.results.map((result) => (result.failures[0] as { stoppedCalling?: string }).stoppedCalling)
    expect(stoppedCalling).toEqual([undefined, undefined, undefined, `http://127.0.0.1:${port}/v1/chat/completions`])
    expect(report.results[3]!.failures[0]!.message).toContain('stopped calling')
  })

  // A server's own error can say anything, the breaker's words too: that server answered, every case was sent, and
  // the run's end must not say it stopped calling a URL the message names.
  it('a server whose error repeats the breaker\'s words: no case is counted as not sent', async () => {
    const server = await startLoopback(() => ({ type: 'json', status: 400, body: { error: { message: 'stopped calling http://elsewhere.test/v1: nothing answered there for 3 requests in a row' } } }))
    open.push(server)
    const out = tempFiles({})
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', `${server.origin}/v1`, '--retries', '0', '--concurrency', '1', '--out', out])
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).not.toMatch(/^Stopped calling/m)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { failures: { kind: string; message: string; stoppedCalling?: string }[] }[] }
    expect(report.results.map((result) => result.failures[0]!.kind)).toEqual(['provider_error', 'provider_error', 'provider_error', 'provider_error'])
    expect(report.results.every((result) => result.failures[0]!.message.includes('stopped calling http://elsewhere.test/v1'))).toBe(true)
    expect(report.results.some((result) => result.failures[0]!.stoppedCalling !== undefined)).toBe(false)
    expect(server.requests.length).toBe(4)
  })

  // Each model's errors carry its own name ("openai-compatible:a: connection failed …"): the run's errored cases did not
  // share one message, and the line was left out exactly when several models were down.
  it('with several models down: the one cause is said once per model, naming the model', async () => {
    const port = await closedPort()
    const run = await runMain(['run', suite, '--model', 'openai-compatible:a', '--model', 'openai-compatible:b', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    const said = run.stderr.split('\n').filter((line) => line.startsWith('Every errored case'))
    expect(said).toHaveLength(2)
    expect(said[0]).toMatch(/^Every errored case of openai-compatible:a \(4\) ended the same way — provider_error: openai-compatible:a: connection failed: .*ECONNREFUSED/)
    expect(said[1]).toMatch(/^Every errored case of openai-compatible:b \(4\) ended the same way — provider_error: openai-compatible:b: connection failed: .*ECONNREFUSED/)
  })

  it('with one model down and one that answered: the down one is named, the other is not', async () => {
    const port = await closedPort()
    const run = await runMain(['run', suite, '--model', 'openai-compatible:a', '--model', 'baseline', '--base-url', `http://127.0.0.1:${port}/v1`, '--retries', '0', '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    const said = run.stderr.split('\n').filter((line) => line.startsWith('Every errored case'))
    expect(said).toEqual([expect.stringMatching(/^Every errored case of openai-compatible:a \(4\) ended the same way — provider_error: openai-compatible:a: connection failed/)])
  })

  /** A server that wants a bearer token and answers 401 to every request, as a local gateway with a key does. */
  async function keyedServer(): Promise<string> {
    const server = await startLoopback(() => ({ type: 'json', status: 401, body: { error: { message: 'Missing bearer token' } } }))
    open.push(server)
    return `${server.origin}/v1`
  }

  it('refusing a run that sent no key: the end says no key was sent and how to send one, not "after retries"', async () => {
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', await keyedServer(), '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    const said = run.stderr.split('\n').filter((line) => line.startsWith('Every errored case'))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('provider_error: openai-compatible:m: 401 Missing bearer token — no API key was sent')
    expect(said[0]).toContain('--api-key-env NAME')
    expect(run.stderr).not.toContain('failed after retries')
    expect(run.stderr).toContain('refusing the request')
  })

  it('refusing the key a run sent: the end says the key was refused', async () => {
    process.env.OUTAGE_TEST_KEY = 'sk-wrong-key-1234'
    const run = await runMain(['run', suite, '--model', 'openai-compatible:m', '--base-url', await keyedServer(), '--api-key-env', 'OUTAGE_TEST_KEY', '--out', tempFiles({})])
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toContain('401 Missing bearer token — the server refused the API key that was sent')
    expect(run.stderr).not.toContain('no API key was sent')
  })
})
