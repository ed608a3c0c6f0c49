import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/vitest/index.ts'
import { chatTextReply, startLoopback } from '../providers/fake/loopback.ts'
import { tempFiles } from '../helpers/cli.ts'

// runCase and describeSuite layer a tested model's options as `toolgauge run` does (runner/model-entries.ts
// modelOptionsFor): its spec's `modelOptions` settings merge key by key with `providerOptions`' settings. They replaced
// them: a spec's `seed` dropped the run-wide `temperature`, so the model got other settings than in a run (and its
// fingerprint said so). The tested model is a loopback OpenAI-compatible server; its request body shows the settings.
const server = await startLoopback(() => chatTextReply('No tool needed.'))
const dir = tempFiles({
  'tools.json': JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]),
  'suite.yaml': ['name: settings', 'tools: ./tools.json', 'cases:', '  - id: hello', '    prompt: Say hello.', '    expect: { calls: [] }'].join('\n'),
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a tested model with settings in providerOptions and in its spec\'s modelOptions', () => {
  it('sends both, as a run layers them', async () => {
    const scored = await runCase({
      suite: join(dir, 'suite.yaml'),
      case: 'hello',
      model: 'openai-compatible:m',
      providerOptions: { baseUrl: `${server.origin}/v1`, retries: 0, settings: { temperature: 0 } },
      modelOptions: { 'openai-compatible:m': { settings: { seed: 7 } } },
    })
    expect(scored.result.verdict).toBe('passed')
    const body = server.requests.at(-1)?.body as { temperature?: number; seed?: number }
    expect({ temperature: body.temperature, seed: body.seed }).toEqual({ temperature: 0, seed: 7 })
  })
})
