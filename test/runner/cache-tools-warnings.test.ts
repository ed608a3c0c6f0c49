// --cache-tools says when it cannot help: a suite whose cacheable prefix (tool definitions + system prompt, by
// toolgauge's count for the model's family) is below the model's published caching threshold gets one warning per
// suite × model before the first request — Anthropic's minimum cacheable length of that model, OpenAI's 1024-token
// automatic threshold, Gemini's implicit-caching minimum of that model — and `toolgauge tokens --cache-tools` says the
// same for a tools file.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { cacheToolsWarning, cacheThreshold } from '../../src/tokens/cache-threshold.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tool = { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }
// A system prompt of about 6,000 tokens: over every threshold (Haiku 4.5's 4096 included).
const longSystem = Array.from({ length: 1500 }, (_, index) => `rule ${index}: be kind.`).join(' ')
const suites = () => tempFiles({
  'tools.json': JSON.stringify([tool]),
  'short/suite.yaml': ['name: short', 'tools: ../tools.json', 'cases:', '  - { id: a, prompt: Weather in Rome?, expect: { calls: [{ name: get_weather }] } }', '  - { id: b, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather }] } }'].join('\n'),
  'long/suite.yaml': ['name: long', 'tools: ../tools.json', 'cases:', `  - { id: a, system: "${longSystem}", prompt: Weather in Rome?, expect: { calls: [{ name: get_weather }] } }`].join('\n'),
})

/** A provider answering every request with one call, logging when it is asked. */
function provider(id: string, log: string[]): Provider {
  return {
    id,
    async doGenerate({ context }) {
      log.push(`request ${id}`)
      const first = context.turn === 0
      return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: '{"city":"Rome"}' }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: emptyUsage, latencyMs: 1 }
    },
  }
}

async function run(cacheTools: boolean, models = ['anthropic:claude-haiku-4-5', 'openai:gpt-4.1', 'anthropic:claude-sonnet-4-6']) {
  const dir = suites()
  const log: string[] = []
  await runEvaluation({
    suitePaths: [join(dir, 'short'), join(dir, 'long')],
    models,
    providers: models.map((model) => provider(model, log)),
    outDir: join(dir, 'out'),
    ...(cacheTools ? { providerOptions: { cacheTools: true } } : {}),
    onWarning: (warning) => log.push(`warning ${warning}`),
  })
  return log
}

describe('--cache-tools below the caching threshold', () => {
  it('warns once per suite × model before any request, naming the tokens, the model and its minimum', async () => {
    const log = await run(true)
    const warnings = log.filter((line) => line.startsWith('warning '))
    expect(warnings).toHaveLength(3)
    expect(warnings[0]).toMatch(/^warning suite short: \d{2,3} tool-definition tokens for anthropic:claude-haiku-4-5, below its minimum cacheable length of 4096 — nothing will be cached \(--cache-tools\)$/)
    expect(warnings[1]).toMatch(/^warning suite short: \d{2,3} tool-definition tokens for openai:gpt-4\.1, below OpenAI's 1024-token caching threshold — .*automatically.*prompt_cache_key only routes/)
    expect(warnings[2]).toMatch(/^warning suite short: \d{2,3} tool-definition tokens for anthropic:claude-sonnet-4-6, below its minimum cacheable length of 1024/)
    // The long suite's system prompt reaches every threshold: no warning for it.
    expect(warnings.some((line) => line.includes('suite long'))).toBe(false)
    // Every warning before the first request.
    expect(log.findIndex((line) => line.startsWith('request '))).toBeGreaterThan(log.lastIndexOf(warnings.at(-1)!))
  })

  it('warns for google: models below Gemini\'s implicit-caching minimum of that model (2048 for 2.5, 4096 for 3.x)', async () => {
    const log = await run(true, ['google:gemini-2.5-flash', 'google:gemini-3-pro-preview'])
    const warnings = log.filter((line) => line.startsWith('warning '))
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/^warning suite short: \d{2,3} tool-definition tokens for google:gemini-2\.5-flash, below Gemini's 2048-token minimum for implicit caching — they will not be cached across requests \(Gemini caches prompts of 2048 tokens or more implicitly, --cache-tools or not/)
    expect(warnings[1]).toMatch(/^warning suite short: \d{2,3} tool-definition tokens for google:gemini-3-pro-preview, below Gemini's 4096-token minimum/)
    expect(log.findIndex((line) => line.startsWith('request '))).toBeGreaterThan(log.lastIndexOf(warnings.at(-1)!))
  })

  it('says nothing without --cache-tools', async () => {
    const log = await run(false)
    expect(log.filter((line) => line.startsWith('warning '))).toEqual([])
  })

  it('words the prefix and the threshold per provider; compatible servers get no warning', () => {
    expect(cacheToolsWarning('suite weather', 'anthropic:claude-haiku-4-5', 'anthropic:claude-haiku-4-5', 786, false))
      .toBe('suite weather: 786 tool-definition tokens for anthropic:claude-haiku-4-5, below its minimum cacheable length of 4096 — nothing will be cached (--cache-tools)')
    expect(cacheToolsWarning('suite s', 'haiku-labelled', 'anthropic:claude-haiku-4-5', 900, true)).toMatch(/^suite s: 900 tokens of tool definitions and system prompt for haiku-labelled, below/)
    expect(cacheToolsWarning('suite s', 'm', 'anthropic:claude-sonnet-4-6', 1024, false)).toBeUndefined()
    expect(cacheToolsWarning('suite s', 'm', 'openai-responses:gpt-4.1', 1023, false)).toMatch(/below OpenAI's 1024-token caching threshold/)
    expect(cacheToolsWarning('suite s', 'm', 'openai:gpt-4.1', 1024, false)).toBeUndefined()
    expect(cacheToolsWarning('suite s', 'm', 'google:gemini-2.5-pro', 2047, false)).toMatch(/below Gemini's 2048-token minimum for implicit caching/)
    expect(cacheToolsWarning('suite s', 'm', 'google:gemini-2.5-pro', 2048, false)).toBeUndefined()
    expect(cacheThreshold('google:gemini-3-flash-preview')).toEqual({ provider: 'gemini', minimum: 4096 })
    expect([cacheThreshold('openai-compatible:llama'), cacheThreshold('baseline')]).toEqual([undefined, undefined])
  })
})

describe('toolgauge tokens --cache-tools', () => {
  it('warns on stderr when the tools file stays below the model\'s threshold, and not when it reaches it', async () => {
    const weather = join(projectRoot, 'suites/weather/suite.yaml')
    const below = await runMain(['tokens', '--tools', weather, '--model', 'anthropic:claude-haiku-4-5', '--cache-tools', '--json'])
    expect(below.code).toBe(0)
    expect(below.stderr).toMatch(/^warning: .*suites\/weather\/suite\.yaml: \d+ tool-definition tokens for anthropic:claude-haiku-4-5, below its minimum cacheable length of 4096 — nothing will be cached/)
    const retail = join(projectRoot, 'suites/retail/suite.yaml')
    const reaches = await runMain(['tokens', '--tools', retail, '--model', 'anthropic:claude-sonnet-4-6', '--cache-tools', '--json'])
    expect(reaches.code).toBe(0)
    expect(reaches.stderr).toBe('')
    const gemini = await runMain(['tokens', '--tools', weather, '--model', 'google:gemini-2.5-flash', '--cache-tools', '--json'])
    expect(gemini.stderr).toMatch(/^warning: .*suites\/weather\/suite\.yaml: \d+ tool-definition tokens for google:gemini-2\.5-flash, below Gemini's 2048-token minimum for implicit caching/)
    const without = await runMain(['tokens', '--tools', weather, '--model', 'anthropic:claude-haiku-4-5', '--json'])
    expect(without.stderr).toBe('')
  })
})
