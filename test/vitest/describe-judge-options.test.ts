import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { chatTextReply, startLoopback } from '../providers/fake/loopback.ts'
import { tempFiles } from '../helpers/cli.ts'

// describeSuite gives a judge (`final.judge: { model }`) its own server and key variable, per spec, as `toolgauge run`
// does from the config's `providers:` (runEvaluation's `modelOptions`): a judge on a local OpenAI-compatible server.
// The judge here is a loopback that scores 1 only at its own URL; the tested model is scripted. Without the judge's
// base URL the suite fails to collect (the judge needs the server's URL), and the judged case cannot pass.
const judge = await startLoopback(() => chatTextReply('{"score": 1, "reason": "says it is cold"}'))
const dir = tempFiles({
  'tools.json': JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]),
  'suite.yaml': [
    'name: judged',
    'tools: ./tools.json',
    'stubs: { get_weather: [{ result: { sky: snow } }] }',
    'cases:',
    '  - id: oslo',
    '    prompt: Weather in Oslo?',
    '    expect:',
    '      calls: [{ name: get_weather, args: { city: Oslo } }]',
    '      final: { judge: { model: "openai-compatible:judge-m", rubric: Says it is cold. } }',
  ].join('\n'),
  'script.yaml': ['oslo:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Oslo } }]', '  - content: Cold and snowy.'].join('\n'),
})
afterAll(async () => {
  await judge.close()
  rmSync(dir, { recursive: true, force: true })
})

describeSuite(join(dir, 'suite.yaml'), {
  model: `scripted:${join(dir, 'script.yaml')}`,
  modelOptions: { 'openai-compatible:judge-m': { baseUrl: `${judge.origin}/v1`, retries: 0 } },
})

describe('a judge with its own base URL (modelOptions)', () => {
  it('is asked at that URL, as its own model', () => {
    expect(judge.requests.map((request) => [request.path, (request.body as { model?: string }).model])).toEqual([['/v1/chat/completions', 'judge-m']])
  })
})

describe('runCase with a judge on its own base URL', () => {
  it('passes the judged case, the judge asked at its URL', async () => {
    const before = judge.requests.length
    const scored = await runCase({ suite: join(dir, 'suite.yaml'), case: 'oslo', model: `scripted:${join(dir, 'script.yaml')}`, modelOptions: { 'openai-compatible:judge-m': { baseUrl: `${judge.origin}/v1`, retries: 0 } } })
    expect(scored.result.verdict).toBe('passed')
    expect(judge.requests.slice(before).map((request) => request.path)).toEqual(['/v1/chat/completions'])
  })
})
