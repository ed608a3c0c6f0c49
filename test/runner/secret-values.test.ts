// The run's secret list holds the keys exactly as they are sent: a key whose variable has a trailing newline or
// spaces is sent trimmed, so the trimmed value is what an echo shows and what must be redacted.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runSecrets } from '../../src/runner/load-run.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase } from '../../src/vitest/index.ts'
import { turn } from '../helpers/cases.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

const key = 'sk-test-PADDED-0123456789abcdef'
restoreEnvAfterEach(['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'TOOLGAUGE_TEST_KEY'])
const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

describe('runSecrets', () => {
  it('holds each key trimmed, as the provider sends it, and no blank value', () => {
    process.env.OPENAI_API_KEY = `  ${key}\n`
    process.env.TOOLGAUGE_TEST_KEY = ' \n'
    const secrets = runSecrets([{ apiKeyEnv: 'TOOLGAUGE_TEST_KEY' }], [])
    expect(secrets).toContain(key)
    expect(secrets.filter((secret) => secret.trim() !== secret || secret === '')).toEqual([])
  })
})

it('a padded key the server echoes back in the answer is redacted in every file of the run', async () => {
  // The fake server repeats the bearer token it received in the model's text, as a misbehaving proxy might.
  const server = await startLoopback((request) => {
    const sent = String(request.headers.authorization ?? '').replace(/^Bearer /, '')
    return {
      type: 'json',
      status: 200,
      body: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: `Your key is ${sent}.` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      },
    }
  })
  open.push(server)
  process.env.OPENAI_API_KEY = `${key}\n`
  process.env.OPENAI_BASE_URL = `${server.origin}/v1`
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-secrets-'))
  try {
    await runEvaluation({ suitePaths: ['suites/weather'], filter: 'current-paris', models: ['openai:m'], outDir: out })
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${key}`)
    const files = readdirSync(out)
    expect(files).toContain('report.json')
    for (const file of files) {
      const text = readFileSync(join(out, file), 'utf8')
      expect(text, file).not.toContain(key)
    }
    expect(readFileSync(join(out, 'report.json'), 'utf8')).toContain('Your key is [redacted].')
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})

it("runCase's transcript and score, which the vitest matchers quote in their failure messages, are redacted like its result", async () => {
  process.env.OPENAI_API_KEY = key
  // A model that passes the key it saw somewhere as an argument, and says it.
  const model = scriptedProvider('scripted:leaky', new Map([['current-paris', [[turn('', ['get_current_weather', `{"location":"${key}"}`]), turn(`The key is ${key}.`)]]]]))
  const scored = await runCase({ suite: 'suites/weather/suite.yaml', case: 'current-paris', model })
  expect(scored.result.verdict).toBe('failed')
  const error = failureOf(() => expect(scored).toCallTool('get_current_weather', { location: 'Paris' }))
  expect(error.message).toContain('[redacted]')
  expect(`${error.message}${JSON.stringify(error.actual)}`).not.toContain(key)
  expect(JSON.stringify(scored.transcript)).not.toContain(key)
  expect(JSON.stringify(scored.score)).not.toContain(key)
})

function failureOf(assertion: () => void): Error & { actual?: unknown } {
  try {
    assertion()
  } catch (error) {
    return error as Error & { actual?: unknown }
  }
  throw new Error('the matcher passed, but it should have failed')
}
