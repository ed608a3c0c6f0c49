// Report size: 50 cases × 12 turns × 30 tools through the real `openai:` adapter (SDK + our fetch) against a local
// stand-in of Chat Completions. Issue 10's budget: report.json + results.jsonl under 1.2 MB (0.1.0: ~40 MB,
// every turn stored the whole request body). A figure, not a test.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runEvaluation } from '../src/runner/run-evaluation.ts'
import type { Behaviour } from '../test/providers/fake/behaviour.ts'
import { setProviderEnv, startFakeServer } from '../test/providers/fake/harness.ts'

const cases = 50
const turns = 12
const toolCount = 30
const budgetBytes = 1.2e6

/** Calls one tool per turn for 11 turns, then answers: 12 model turns per case. */
const chainModel: Behaviour = (conversation) => conversation.assistantTurns < turns - 1
  ? { calls: [{ name: `tool_${conversation.assistantTurns % toolCount}`, args: { city: 'Paris', date: '2026-11-30' } }] }
  : { text: `Done after ${conversation.assistantTurns} calls: ${conversation.results.map((result) => result.content).join(' | ')}` }

export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'toolgauge-bench-size-'))
  const server = await startFakeServer('openai', chainModel)
  try {
    mkdirSync(join(work, 'suite'))
    const tools = Array.from({ length: toolCount }, (_, i) => ({
      name: `tool_${i}`,
      description: `Looks up record type ${i} for a city on a date: returns the matching entries with their identifiers, owners and status.`,
      parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Paris' }, date: { type: 'string', format: 'date', description: 'ISO date' }, limit: { type: 'integer', minimum: 1, maximum: 50 } }, required: ['city'] },
    }))
    writeFileSync(join(work, 'suite', 'tools.json'), JSON.stringify(tools))
    writeFileSync(join(work, 'suite', 'suite.json'), JSON.stringify({
      name: 'size',
      tools: './tools.json',
      max_turns: turns,
      cases: Array.from({ length: cases }, (_, i) => ({ id: `case-${i}`, prompt: `Collect every record for Paris on 2026-11-30 (request ${i}).`, expect: { calls: [{ name: 'tool_0' }] } })),
    }))
    setProviderEnv('openai', server.origin)
    const out = join(work, 'out')
    const outcome = await runEvaluation({ suitePaths: [join(work, 'suite')], models: ['openai:bench-model'], outDir: out, concurrency: 8 })
    const report = statSync(join(out, 'report.json')).size
    const journal = statSync(join(out, 'results.jsonl')).size
    const turnsStored = outcome.report.results.reduce((sum, result) => sum + result.turns.length, 0)
    const verdict = report + journal < budgetBytes ? 'within' : 'OVER'
    console.log(`report size: ${cases} cases × ${turnsStored / cases} turns × ${toolCount} tools via openai: → report.json ${kb(report)} + results.jsonl ${kb(journal)} = ${(report + journal) / 1e6} MB (${verdict} the 1.2 MB budget; ${server.requests.length} requests)`)
  } finally {
    await server.close()
    if (!process.env.KEEP) rmSync(work, { recursive: true, force: true }); else console.log(work)
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(0)} kB`
}
