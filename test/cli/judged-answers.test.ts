// `final.judge: { model, rubric, threshold? }` end to end: a scripted judge (its turns for the case id are its
// verdicts) passes and fails final answers by its score, its spec, prompt version and hash, score and reason are
// stored on the result; a judge that answers outside the documented JSON shape or whose provider fails is
// judge_error (errored, exit 3, never the tested model's fault); a missing judge script is exit 2 before any
// call; the same input is judged once (cached) across repeats.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import type { Report } from '../../src/core/report.ts'
import { ProviderError } from '../../src/core/errors.ts'
import { judgeMessages, judgePromptHash, parseJudgeAnswer } from '../../src/checks/judge-prompt.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityScript, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const rubric = 'The answer says what the weather is like in the city asked about.'

function suiteFiles(judgeSpec: string, judgeScript: string, threshold = ''): Record<string, string> {
  return {
    'tools.json': tools,
    'suite.yaml': [
      'name: judged',
      'tools: ./tools.json',
      'cases:',
      ...['oslo', 'paris'].map((id) => `  - { id: ${id}, prompt: Weather in ${id}?, expect: { calls: [{ name: get_weather }], final: { judge: { model: "${judgeSpec}", rubric: "${rubric}"${threshold} } } } }`),
    ].join('\n'),
    'script.yaml': twoCityScript,
    'judge.yaml': judgeScript,
  }
}

async function run(dir: string, extra: string[] = []) {
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out'), ...extra])
  return { ...result, report: JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report }
}

describe('judged final answers (final.judge)', () => {
  it('a score at or over the threshold passes, one below is final_answer_mismatch with the judge\'s reason; the judge\'s record is stored', async () => {
    const dir = tempFiles(suiteFiles('scripted:judge.yaml', [
      'oslo:',
      '  - content: \'{"score": 0.9, "reason": "It says it is cold in Oslo."}\'',
      'paris:',
      '  - content: "```json\\n{\\"score\\": 0.3, \\"reason\\": \\"Mild is vague.\\"}\\n```"',
    ].join('\n')))
    const { code, report } = await run(dir)
    expect(code).toBe(1)
    const [oslo, paris] = report.results
    expect(oslo?.verdict).toBe('passed')
    expect(oslo?.checks).toEqual([{ kind: 'judge', spec: 'scripted:judge.yaml', promptVersion: 1, promptHash: judgePromptHash(rubric), score: 0.9, threshold: 0.7, pass: true, reason: 'It says it is cold in Oslo.' }])
    expect(paris?.verdict).toBe('failed')
    expect(paris?.failures).toEqual([{ kind: 'final_answer_mismatch', message: 'the judge (scripted:judge.yaml) scored the final answer 0.3, below 0.7: Mild is vague.', path: 'turns[1].text' }])
  })

  it('a judge answering outside the documented shape is judge_error: errored, exit 3, in no rate', async () => {
    const dir = tempFiles(suiteFiles('scripted:judge.yaml', [
      'oslo:',
      '  - content: Looks good to me!',
      'paris:',
      '  - content: \'{"score": 7, "reason": "great"}\'',
    ].join('\n'), ', threshold: 0.5'))
    const { code, report } = await run(dir)
    expect(code).toBe(3)
    expect(report.results.map((result) => result.verdict)).toEqual(['errored', 'errored'])
    expect(report.results[0]?.failures).toEqual([{ kind: 'judge_error', message: 'the judge (scripted:judge.yaml) gave no verdict: its answer is not one JSON object (expected {"score": 0..1, "reason": "…"}); it answered "Looks good to me!"' }])
    expect(report.results[1]?.failures[0]?.message).toContain('its "score" is not a number from 0 to 1')
  })

  it('a scripted judge without a script for a case is exit 2 before any model call', async () => {
    const dir = tempFiles(suiteFiles('scripted:judge.yaml', 'oslo:\n  - content: \'{"score": 1, "reason": "ok"}\'\n'))
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expectInputError(result, 'judge.yaml', 'paris')
  })

  it("a judge with no server URL is exit 2 naming the suite's judge and the config's providers:, which --base-url never reaches", async () => {
    const dir = tempFiles(suiteFiles('openai-compatible:judge-m', ''))
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expectInputError(
      result,
      `suite.yaml: judge.model of case "oslo": openai-compatible:judge-m needs the server's URL: give it base_url under providers: in the config (providers: { "openai-compatible:judge-m": { base_url: http://localhost:11434/v1 } })`,
    )
    expect(result.stderr).not.toContain("needs the server's URL: pass --base-url")
  })

  it('a judge whose provider fails is judge_error; the same input is judged once across repeats', async () => {
    const asked: string[] = []
    const judge = (id: string, answer: (request: Parameters<Provider['doGenerate']>[0]) => string): Provider => ({
      id,
      async doGenerate(request) {
        asked.push(`${request.context.caseId}#${request.context.repeat}`)
        return { text: answer(request), toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 }
      },
    })
    const failing: Provider = { id: 'judge:down', async doGenerate() { throw new ProviderError('503 Service Unavailable after 3 retries') } }
    const dir = tempFiles({
      ...suiteFiles('judge:ok', ''),
      'suite.yaml': [
        'name: judged',
        'tools: ./tools.json',
        'cases:',
        `  - { id: oslo, prompt: Weather in Oslo?, expect: { extra_calls: allow, final: { judge: { model: "judge:ok", rubric: "${rubric}" } } } }`,
        `  - { id: paris, prompt: Weather in Paris?, expect: { extra_calls: allow, final: { judge: { model: "judge:down", rubric: "${rubric}" } } } }`,
      ].join('\n'),
    })
    const ok = judge('judge:ok', (request) => {
      // The judge sees the documented prompt: its system prompt with the rubric, the user's message and the answer.
      expect(request.messages).toEqual(judgeMessages(rubric, 'Weather in Oslo?', 'Cold.'))
      return '{"score": 0.8, "reason": "fine"}'
    })
    const { createProvider } = await import('../../src/providers/registry.ts')
    const model = await createProvider(`scripted:${join(dir, 'script.yaml')}`)
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [model.id], providers: [model, ok, failing], outDir: join(dir, 'out'), repeat: 3, concurrency: 1 })
    const results = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
    void outcome
    const oslo = results.results.filter((result) => result.case === 'oslo')
    expect(oslo.map((result) => result.verdict)).toEqual(['passed', 'passed', 'passed'])
    expect(asked).toEqual(['oslo#0'])
    const paris = results.results.filter((result) => result.case === 'paris')
    expect(paris.map((result) => result.failures)).toEqual(Array(3).fill([{ kind: 'judge_error', message: 'the judge (judge:down) failed: 503 Service Unavailable after 3 retries' }]))
  })

  it('in a conversation, each message\'s judge grades that reply and the case-level judge the last one, in order', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'suite.yaml': [
        'name: chat',
        'tools: ./tools.json',
        'cases:',
        '  - id: talk',
        '    conversation:',
        '      - user: Weather in Oslo?',
        `        expect: { extra_calls: allow, final: { judge: { model: "scripted:judge.yaml", rubric: "${rubric}" } } }`,
        '      - user: Thanks!',
        `    expect: { final: { judge: { model: "scripted:judge.yaml", rubric: Polite., threshold: 0.5 } } }`,
      ].join('\n'),
      'script.yaml': 'talk:\n  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Oslo } }]\n  - content: Cold.\n  - content: You are welcome.\n',
      'judge.yaml': 'talk:\n  - content: \'{"score": 0.2, "reason": "no forecast"}\'\n  - content: \'{"score": 0.6, "reason": "polite"}\'\n',
    })
    const { report } = await run(dir)
    const [talk] = report.results
    expect(talk?.failures).toEqual([{ kind: 'final_answer_mismatch', message: 'the judge (scripted:judge.yaml) scored the final answer 0.2, below 0.7: no forecast', path: 'turns[1].text', userMessage: 0 }])
    expect(talk?.checks?.map((check) => check.kind === 'judge' && [check.score, check.userMessage, check.promptHash === judgePromptHash('Polite.')])).toEqual([[0.2, 0, false], [0.6, undefined, true]])
  })

  it("a judge's own key variable (config providers: api_key_env) is a secret of the run: redacted in the report", async () => {
    process.env.TOOLGAUGE_TEST_JUDGE_KEY = 'judge-secret-4711'
    try {
      const dir = tempFiles(suiteFiles('scripted:judge.yaml', [
        'oslo:',
        '  - content: \'{"score": 0.9, "reason": "Fine; my key is judge-secret-4711."}\'',
        'paris:',
        '  - content: \'{"score": 0.9, "reason": "Fine."}\'',
      ].join('\n')))
      const outcome = await runEvaluation({
        suitePaths: [join(dir, 'suite.yaml')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: join(dir, 'out'),
        modelOptions: { 'scripted:judge.yaml': { apiKeyEnv: 'TOOLGAUGE_TEST_JUDGE_KEY' } },
      })
      const oslo = outcome.report.results.find((result) => result.case === 'oslo')
      expect(oslo?.checks?.[0]).toMatchObject({ kind: 'judge', reason: 'Fine; my key is [redacted].' })
      expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).not.toContain('judge-secret-4711')
    } finally {
      delete process.env.TOOLGAUGE_TEST_JUDGE_KEY
    }
  })

  it('parses the documented answer shape only', () => {
    expect(parseJudgeAnswer('{"score": 1, "reason": "ok"}')).toEqual({ score: 1, reason: 'ok' })
    expect(parseJudgeAnswer('{"score": "1", "reason": "ok"}')).toEqual({ problem: 'its "score" is not a number from 0 to 1' })
    expect(parseJudgeAnswer('{"score": 0.5}')).toEqual({ problem: 'its "reason" is not a string' })
  })
})
