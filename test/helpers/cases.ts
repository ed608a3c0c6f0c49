import type { Case, Expectation } from '../../src/core/case.ts'
import type { JsonSchema, ToolDefinition } from '../../src/core/tool.ts'
import type { ScriptedTurn } from '../../src/providers/scripted.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import type { ToolHooks } from '../../src/loop/hooks.ts'

/** Two small tools most loop and scoring tests use. */
export const weatherTools: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 7 },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_time',
    description: 'Current local time in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
]

/** A case with sensible defaults; override what the test is about. */
export function makeCase(overrides: Partial<Omit<Case, 'expect'>> & { expect?: Partial<Expectation> } = {}): Case {
  const { expect, ...rest } = overrides
  return {
    suite: 'test',
    file: '/virtual/suite.yaml',
    id: 'case-1',
    messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
    tools: weatherTools,
    toolChoice: 'auto',
    maxTurns: 8,
    stubs: {},
    ...rest,
    expect: { calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', ...expect },
  }
}

/** A scripted turn from a compact description: text and calls `[name, rawArguments]`. */
export function turn(text: string, ...calls: [name: string, rawArguments: string][]): ScriptedTurn {
  return { text, toolCalls: calls.map(([name, rawArguments], index) => ({ id: `c${index}`, name, rawArguments })), usage: emptyUsage }
}

/** Runs a case against scripted turns and scores it. */
export async function runScripted(testCase: Case, turns: ScriptedTurn[], hooks?: ToolHooks) {
  const provider = scriptedProvider('scripted:test', new Map([[testCase.id, [turns]]]))
  const transcript = await runCase(testCase, provider, { repeat: 0, ...(hooks ? { hooks } : {}) })
  return { transcript, score: scoreCase(testCase, transcript) }
}

/** The failure kinds of a score, sorted, for compact assertions. */
export function kinds(score: { failures: readonly { kind: string }[] }): string[] {
  return score.failures.map((failure) => failure.kind).sort()
}

/** Runs one call of a tool `act` with these parameters and scores it: whether the loop accepted the call, and the failures (kind and path). */
export async function scoreCall(parameters: JsonSchema, args: string) {
  const tools: ToolDefinition[] = [{ name: 'act', parameters }]
  const { transcript, score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'act' }] } }), [turn('', ['act', args]), turn('Done.')])
  return { accepted: transcript.turns[0]?.toolResults[0]?.source !== 'rejected', failures: score.failures.map(({ kind, path }) => ({ kind, path })) }
}
