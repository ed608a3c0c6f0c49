// What a run warns about its models' settings before the first call, describeSuite and runCase warn about too (on
// stderr, once): batch mode for a model that has no batch API (it runs as usual), and --cache-tools for a suite whose
// cacheable prefix is below the model's caching threshold (it caches nothing). Only `toolgauge run` said them.
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { runCase } from '../../src/runner/run-one-case.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import { stderrOf, tempFiles } from '../helpers/cli.ts'
import { twoCityCases, weatherToolsJson } from '../helpers/two-city-suite.ts'

const dir = tempFiles({ 'tools.json': weatherToolsJson, 'suite.yaml': ['name: warned', 'tools: ./tools.json', 'stubs: { get_weather: [{ result: { sky: clear } }] }', ...twoCityCases].join('\n') })
const suite = join(dir, 'suite.yaml')

// The block is collected after this file's own code runs: what it says on stderr then is read by the test below.
let collected = ''
const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { collected += String(chunk); return true })
afterAll(() => spy.mockRestore())
describeSuite(suite, { model: 'baseline', providerOptions: { batch: true } })

describe('setting warnings outside a run', () => {
  it('describeSuite says, once, that a model asked to batch has no batch API', () => {
    spy.mockRestore()
    expect(collected.match(/has no batch API/g)).toHaveLength(1)
    expect(collected).toContain('warning: baseline has no batch API: its requests are sent one by one, at the standard price')
  })

  it('runCase says that --cache-tools caches nothing below the model\'s threshold', async () => {
    process.env.TOOLGAUGE_TEST_SETUP_KEY = 'sk-test-0123456789'
    // Nothing answers on the discard port: the case ends provider_error at once (the warning comes before any call).
    const stderr = await stderrOf(() => runCase({
      suite, case: 'oslo', model: 'openai:gpt-4.1', providerOptions: { cacheTools: true, retries: 0 },
      modelOptions: { 'openai:gpt-4.1': { apiKeyEnv: 'TOOLGAUGE_TEST_SETUP_KEY', baseUrl: 'http://127.0.0.1:9/v1' } },
    }))
    expect(stderr).toMatch(/warning: suite warned: \d+ tool-definition tokens for openai:gpt-4\.1, below OpenAI's 1024-token caching threshold/)
  })
})
