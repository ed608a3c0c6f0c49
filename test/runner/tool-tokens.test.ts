import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import { defaultPriceTable, mergePriceTable } from '../../src/pricing/index.ts'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([
  { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] } },
  { name: 'search_documents', description: 'Search the company knowledge base for documents. '.repeat(20), parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
])
const suite = (budget: string) => `name: budget\ntools: ./tools.json\n${budget}\ncases:\n  - id: a\n    prompt: Weather in Paris?\n    expect:\n      calls: [{ name: get_weather, args: { city: Paris } }]\n`

describe('tool-definition tokens in runs', () => {
  it('every result and summary carries them; the table shows them', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite('') })
    const result = runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('tool tok/req')
    expect(result.stdout).toMatch(/│ ~\d+/)
  })

  it('a suite budget over the limit fails the run (exit 1) and names the costliest tools', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite('max_tool_tokens: { total: 60, tools: { get_weather: 500 } }') })
    const offline = runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir })
    expect(offline.code).toBe(1)
    expect(offline.stdout).toMatch(/✗ max-tool-tokens \[baseline\] \(suite budget\): \d+ \(threshold 60\) — estimate; largest: search_documents/)
    expect(offline.stdout).toMatch(/✓ max-tool-tokens \[baseline\] \(suite budget, tool get_weather\)/)
  })

  it('a budget for a tool the suite does not have is bad input naming the line and field, with "did you mean"', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite('max_tool_tokens: { tools: { get_wether: 500 } }') })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir }), 'suite.yaml:3', 'max_tool_tokens.tools.get_wether', 'did you mean "get_weather"')
  })

  it('measures tokens from reported usage where the offline count is rendered for the family', async () => {
    const suiteDir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite('') })
    const count = await countToolTokens({ model: 'openai:gpt-4o', tools: JSON.parse(tools).map((t: { name: string; description: string; parameters: object }) => t), messages: [{ role: 'user', content: 'Weather in Paris?' }], perTool: false })
    // A provider labelled as gpt-4o whose API reports 7 more input tokens than the offline count.
    const provider: Provider = {
      id: 'openai:gpt-4o',
      async doGenerate(request) {
        const first = request.context.turn === 0
        return {
          text: first ? '' : 'Sunny',
          toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: '{"city":"Paris"}' }] : [],
          finishReason: { unified: 'stop' },
          usage: { ...emptyUsage, input: first ? count.promptTokens + 7 : 400 },
          latencyMs: 1,
        }
      },
    }
    const outcome = await runEvaluation({ suitePaths: [join(suiteDir, 'suite.yaml')], models: ['openai:gpt-4o'], providers: [provider], outDir: mkdtempSync(join(tmpdir(), 'tg-')) })
    const result = outcome.report.results[0]
    expect(result?.toolTokens).toMatchObject({ perRequest: count.toolTokens, requests: 2, total: 2 * count.toolTokens, method: 'calibrated-render', measuredPerRequest: count.toolTokens + 7 })
    expect(outcome.report.summary[0]?.toolTokens).toMatchObject({ total: 2 * count.toolTokens, share: (2 * count.toolTokens) / (count.promptTokens + 7 + 400) })

    // Cost, at a config-overridden price of $1 / $2 per million input / output tokens.
    const prices = mergePriceTable(defaultPriceTable, { 'gpt-4o': { input: 1, output: 2 } })
    const priced = await runEvaluation({ suitePaths: [join(suiteDir, 'suite.yaml')], models: ['openai:gpt-4o'], providers: [provider], outDir: mkdtempSync(join(tmpdir(), 'tg-')), prices })
    const input = count.promptTokens + 7 + 400
    expect(priced.report.summary[0]?.cost).toEqual({ priced: true, usd: input / 1e6, table: 'config' })
    expect(priced.report.run.priceTable).toMatchObject({ date: defaultPriceTable.date })
    expect(outcome.report.summary[0]?.cost).toMatchObject({ priced: true, table: defaultPriceTable.date })
  })

  it('a conversation whose add_tools expose a tool later counts each request with the tools it carried', async () => {
    const conversation = `name: later\ntools: ./tools.json\ncases:\n  - id: a\n    conversation:\n      - user: Weather in Paris?\n        expect: { no_call: true }\n      - user: Find the travel policy.\n        add_tools: [search_documents]\n        expect: { no_call: true }\n`
    const suiteDir = tempFiles({ 'tools.json': tools, 'suite.yaml': conversation })
    const [weather, search] = JSON.parse(tools) as ToolDefinition[]
    const only = await countToolTokens({ model: 'openai:gpt-4o', tools: [weather!], perTool: false })
    const both = await countToolTokens({ model: 'openai:gpt-4o', tools: [weather!, search!], perTool: false })
    // Answers each message with text and reports usage: one request per message, the first without search_documents.
    const provider: Provider = {
      id: 'openai:gpt-4o',
      async doGenerate() {
        return { text: 'Done.', toolCalls: [], finishReason: { unified: 'stop' }, usage: { ...emptyUsage, input: 1000 }, latencyMs: 1 }
      },
    }
    const outcome = await runEvaluation({ suitePaths: [join(suiteDir, 'suite.yaml')], models: ['openai:gpt-4o'], providers: [provider], outDir: mkdtempSync(join(tmpdir(), 'tg-')) })
    const result = outcome.report.results[0]
    expect(result?.turns.map((turn) => outcome.report.toolSets?.[turn.request.toolSet]?.map((tool) => tool.name))).toEqual([['get_weather'], ['get_weather', 'search_documents']])
    expect(result?.toolTokens).toMatchObject({ requests: 2, total: only.toolTokens + both.toolTokens, perRequest: (only.toolTokens + both.toolTokens) / 2 })
    // The first request's measurement speaks for its own tools only, not for a case whose requests carried others.
    expect(result?.toolTokens).not.toHaveProperty('measuredPerRequest')
    expect(outcome.report.summary[0]?.toolTokens).toMatchObject({ total: only.toolTokens + both.toolTokens })
  })

  it('offline models are not priced, with the reason', async () => {
    const outcome = await runEvaluation({ suitePaths: ['suites/weather'], models: ['baseline'], outDir: mkdtempSync(join(tmpdir(), 'tg-')), filter: 'current-paris' })
    expect(outcome.report.summary[0]?.cost).toMatchObject({ priced: false, reason: expect.any(String) })
  })
})
