import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { Report } from '../../src/core/report.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { ToolTokenCounter } from '../../src/runner/tool-token-cost.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { makeCase } from '../helpers/cases.ts'
import { tempFiles } from '../helpers/cli.ts'

const toolList = (n: number) => Array.from({ length: n }, (_, i) => ({
  name: `tool_${i}`, description: `Tool number ${i}, which does a particular thing with a city and a date.`,
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' }, date: { type: 'string', format: 'date' } }, required: ['city'] },
}))

/** Calls tool_0 on every turn, returning the whole request as its raw wire payload (as the SDK adapters do). */
const chatty: Provider = {
  id: 'chatty',
  async doGenerate(request) {
    const toolCalls = [{ id: `c${request.context.turn}`, name: 'tool_0', rawArguments: '{"city":"Paris"}' }]
    return { text: '', toolCalls, finishReason: { unified: 'tool-calls' }, usage: emptyUsage, latencyMs: 1, raw: { request: { messages: request.messages, tools: request.tools }, response: { toolCalls } } }
  },
}

async function runWith(tools: number, cases: number) {
  const caseList = Array.from({ length: cases }, (_, i) => `  - { id: c${i}, prompt: Weather in Paris on day ${i}?, max_turns: 12, expect: { calls: [{ name: tool_0 }] } }`)
  const dir = tempFiles({ 'tools.json': JSON.stringify(toolList(tools)), 'suite.yaml': ['name: size', 'tools: ./tools.json', 'cases:', ...caseList].join('\n') })
  const out = join(dir, 'out')
  await runEvaluation({ suitePaths: [dir], models: ['chatty'], providers: [chatty], outDir: out })
  const bytes = statSync(join(out, 'report.json')).size + statSync(join(out, 'results.jsonl')).size
  return { bytes, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report }
}

describe('reports grow with the conversation, not with tools × turns', () => {
  it('keeps each tool set once; turns refer to it and keep their own settings, without wire payloads', async () => {
    const { report } = await runWith(30, 2)
    const sets = Object.entries(report.toolSets ?? {})
    expect(sets).toHaveLength(1)
    expect(sets[0]![1]).toHaveLength(30)
    // Each call once, in its turn: no flattened copy.
    for (const result of report.results) expect(result).not.toHaveProperty('calls')
    const turns = report.results.flatMap((r) => r.turns)
    expect(turns).toHaveLength(24)
    for (const turn of turns) {
      expect(turn.request).toEqual({ toolChoice: 'auto', toolSet: sets[0]![0] })
      expect(turn).not.toHaveProperty('raw')
    }
  })

  it('30 tools instead of 2 add about one tool set, whatever the number of cases and turns', async () => {
    const small = await runWith(2, 10)
    const large = await runWith(30, 10)
    const oneSet = JSON.stringify(toolList(30)).length
    // Once in report.json (indented: allow 2×); the journal holds none.
    expect(large.bytes - small.bytes).toBeLessThan(2 * oneSet)
  })

  it('show and the HTML report read the same stored turns', async () => {
    const { report } = await runWith(30, 1)
    const result = report.results[0]!
    const text = formatTranscript(result, { toolSets: report.toolSets })
    expect(text).toContain('── turn 12 (tool_choice auto, 30 tools, finish')
    const html = toHtml(report)
    expect(html).toContain('turn 12 · tool_choice auto · 30 tools')
  })

  it('the tool-token count is memoized per tool set, not per case', async () => {
    const counter = new ToolTokenCounter()
    const transcript = { initialMessages: [], turns: [], stop: 'no-calls', usage: emptyUsage, latencyMs: 0 } as const
    for (const prompt of ['Weather in Paris?', 'Weather in Rome?', 'And Oslo?']) {
      await counter.forCase('openai:gpt-4o', makeCase({ messages: [{ role: 'user', content: prompt }] }), transcript, 'set-1')
    }
    expect(counter.size).toBe(1)
  })
})
