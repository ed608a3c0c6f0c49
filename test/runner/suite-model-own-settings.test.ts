// A judge and a simulated user run with their own settings (config `providers:` / `modelOptions`), none of the
// tested model's (README "Judged final answers", "Simulated users"). The library's `providerOptions.maxTokens` is
// the tested model's `max_tokens` setting, yet it reached them: a run capping the model under test at 64 tokens cut
// the judge's and the simulated user's answers too (a judge_error or simulator_error, or a verdict on a cut text),
// and report.json's run.suiteModelSettings gave them that max_tokens.
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { chatTextReply, startLoopback } from '../providers/fake/loopback.ts'

// One server for the model under test (`m`), the simulated user (`user`) and the judge (`judge`).
let userTurns = 0
const server = await startLoopback((request) => {
  const { model } = request.body as { model: string }
  if (model === 'judge') return chatTextReply('{"score": 1, "reason": "greets"}')
  if (model === 'user') return chatTextReply(userTurns++ === 0 ? 'Hi there.' : '###STOP###')
  return chatTextReply('Hello.')
})
afterAll(() => server.close())
const dir = tempFiles({
  'suite.yaml': [
    'name: own-settings',
    'tools:',
    '  - { name: lookup, description: Look up, parameters: { type: object, properties: { query: { type: string } } } }',
    'cases:',
    '  - id: greet',
    '    user: { model: "openai-compatible:user", instructions: Greet the assistant., max_messages: 2 }',
    '    expect: { calls: [], final: { judge: { model: "openai-compatible:judge", rubric: Greets. } } }',
  ].join('\n'),
})
const own = { baseUrl: `${server.origin}/v1`, retries: 0 }

describe('judges and simulated users run with their own settings', () => {
  it('the tested model\'s maxTokens reaches neither (their requests, run.suiteModelSettings); their own does', async () => {
    const run = await runEvaluation({
      suitePaths: [join(dir, 'suite.yaml')],
      models: ['openai-compatible:m'],
      outDir: join(dir, 'out'),
      providerOptions: { baseUrl: `${server.origin}/v1`, retries: 0, maxTokens: 64 },
      modelOptions: { 'openai-compatible:user': own, 'openai-compatible:judge': { ...own, maxTokens: 900 } },
    })
    expect(run.report.results.map((result) => result.verdict)).toEqual(['passed'])
    const capOf = (model: string) => [...new Set(server.requests.flatMap((seen) => { const body = seen.body as { model: string; max_tokens?: number }; return body.model === model ? [body.max_tokens ?? null] : [] }))]
    expect({ m: capOf('m'), user: capOf('user'), judge: capOf('judge') }).toEqual({ m: [64], user: [null], judge: [900] })
    expect(run.report.run.suiteModelSettings).toEqual({ 'openai-compatible:user': {}, 'openai-compatible:judge': { max_tokens: 900 } })
  })
})
