// A judge (final.judge) with a real SDK goes through the run's --record / --replay transport: recorded against a
// loopback OpenAI stand-in, replayed with no network, it gives the same verdicts (and across repeats, one request).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { createProvider } from '../../src/providers/registry.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityScript, weatherToolsJson } from '../helpers/two-city-suite.ts'
import { setProviderEnv, startFakeServer } from '../providers/fake/harness.ts'

const dirs: string[] = []
const savedBaseUrl = process.env.OPENAI_BASE_URL
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  if (savedBaseUrl === undefined) delete process.env.OPENAI_BASE_URL
  else process.env.OPENAI_BASE_URL = savedBaseUrl
})

const noNetwork: typeof fetch = async (input) => {
  throw new Error(`network used during replay: ${String(input)}`)
}

describe('judge requests and cassettes', () => {
  it('--record writes the judge\'s requests; --replay without network gives the same verdicts', async () => {
    let asked = 0
    const server = await startFakeServer('openai', (conversation) => {
      asked++
      return { text: conversation.prompt.includes('Cold.') ? '{"score": 0.9, "reason": "cold is a forecast"}' : '{"score": 0.2, "reason": "too vague"}' }
    })
    setProviderEnv('openai', server.origin)
    const dir = tempFiles({
      'tools.json': weatherToolsJson,
      'script.yaml': twoCityScript,
      'suite.yaml': [
        'name: judged',
        'tools: ./tools.json',
        'cases:',
        ...['oslo', 'paris'].map((id) => `  - { id: ${id}, prompt: Weather in ${id}?, expect: { calls: [{ name: get_weather }], final: { judge: { model: "openai:judge-1", rubric: Describes the weather. } } } }`),
      ].join('\n'),
    })
    const cassettes = mkdtempSync(join(tmpdir(), 'toolgauge-judge-cassettes-'))
    dirs.push(dir, cassettes)
    const model = await createProvider(`scripted:${join(dir, 'script.yaml')}`)
    const verdicts = async (out: string, transport: object) => {
      await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [model.id], providers: [model], outDir: join(dir, out), repeat: 2, concurrency: 4, providerOptions: transport })
      const report = JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8')) as Report
      return report.results.map((result) => [result.case, result.repeat, result.verdict, result.checks])
    }
    const recorded = await verdicts('recorded', { recordDir: cassettes })
    await server.close()
    expect(asked).toBe(2)
    expect(readdirSync(cassettes)).toHaveLength(2)
    expect(recorded.map(([id, repeat, verdict]) => [id, repeat, verdict])).toEqual([['oslo', 0, 'passed'], ['oslo', 1, 'passed'], ['paris', 0, 'failed'], ['paris', 1, 'failed']])
    const replayed = await verdicts('replayed', { replayDir: cassettes, fetch: noNetwork })
    expect(replayed).toEqual(recorded)
  })
})
