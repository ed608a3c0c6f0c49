import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain as runCli, tempFiles } from '../helpers/cli.ts'

// Every gate kind, run once unsharded and once as 3 shards joined by `merge`, through the CLI: the merge step is a
// sharded CI run's gate, so its exit code and gate lines must be the unsharded run's.

const tools = JSON.stringify([
  { name: 'get', description: 'Read the value stored under a key.', parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } },
  { name: 'put', description: 'Store a value under a key, replacing what was stored there before. '.repeat(8), parameters: { type: 'object', properties: { key: { type: 'string' }, value: { type: 'string' } }, required: ['key', 'value'] } },
])

const ids = Array.from({ length: 9 }, (_, i) => `read-${i + 1}`)

function suite(budget: string, hooks = false): string {
  return [
    'name: store',
    'tools: ./tools.json',
    ...(hooks ? ['hooks: ./hooks.mjs'] : []),
    ...(budget ? [`max_tool_tokens: ${budget}`] : []),
    'cases:',
    ...ids.flatMap((id) => [`  - id: ${id}`, `    prompt: Read the value of ${id}.`, '    expect:', `      calls: [{ name: get, args: { key: ${id} } }]`]),
  ].join('\n')
}

/** Model `a` gets 6 of 9 right, calls a tool that does not exist once and sends an undeclared key once; `b` is right. */
function script(flawed: boolean): string {
  return ids.map((id, i) => {
    const call = !flawed || i < 6 ? `{ id: c1, name: get, arguments: { key: ${id} } }`
      : i === 6 ? `{ id: c1, name: delete, arguments: { key: ${id} } }`
        : i === 7 ? `{ id: c1, name: get, arguments: { key: ${id}, verbose: true } }`
          : `{ id: c1, name: get, arguments: { key: wrong } }`
    return `${id}:\n  - tool_calls: [${call}]\n  - content: done`
  }).join('\n')
}

type Scenario = { readonly name: string; readonly budget?: string; readonly gates?: readonly string[]; readonly flags?: readonly string[]; readonly hooks?: boolean; readonly config?: readonly string[]; readonly exit: number }

const scenarios: readonly Scenario[] = [
  { name: "a suite's per-tool budget (met) leaves the verdict to the cases", budget: '{ tools: { get: 1000 } }', exit: 1 },
  { name: "a suite's per-tool budget over its limit", budget: '{ total: 5000, tools: { get: 5, put: 5000 } }', exit: 1 },
  { name: "a suite's total budget over its limit", budget: '10', exit: 1 },
  { name: '--min-accuracy below the threshold', flags: ['--min-accuracy', '0.8'], exit: 1 },
  { name: '--min-accuracy met decides alone (a case failed)', flags: ['--min-accuracy', '0.5'], exit: 0 },
  { name: 'a per-model min_accuracy over a general one', gates: ['min_accuracy: 0.3', 'models:', '  a: { min_accuracy: 0.9 }'], exit: 1 },
  { name: 'max_hallucinated_tool_rate', gates: ['max_hallucinated_tool_rate: 0'], exit: 1 },
  { name: 'max_hallucinated_param_rate', gates: ['max_hallucinated_param_rate: 0.01'], exit: 1 },
  { name: 'a config max_tool_tokens over its limit', gates: ['max_tool_tokens: 10'], exit: 1 },
  { name: 'every kind at once, all met', budget: '{ total: 5000, tools: { get: 1000 } }', gates: ['min_accuracy: 0.5', 'max_hallucinated_tool_rate: 0.5', 'max_hallucinated_param_rate: 0.5', 'max_tool_tokens: 5000'], flags: ['--min-accuracy', '0.6'], exit: 0 },
  { name: 'metric gates per tool-description variant', config: ['variants: { alt: alt.json }'], gates: ['min_accuracy: 0.5', 'max_hallucinated_tool_rate: 0.2'], exit: 0 },
  { name: 'gates that measured nothing (every result errored)', budget: '{ tools: { get: 1000 } }', gates: ['min_accuracy: 0.5', 'max_hallucinated_tool_rate: 0'], hooks: true, exit: 2 },
]

/** The lines under "Gates:" (up to the next blank line). */
function gateLines(stdout: string): string[] {
  const start = stdout.indexOf('\nGates:\n')
  if (start === -1) return []
  const rest = stdout.slice(start + '\nGates:\n'.length)
  return rest.slice(0, rest.indexOf('\n\n') === -1 ? undefined : rest.indexOf('\n\n')).split('\n').filter((line) => line.length > 0)
}

describe('merge of shards gives the unsharded run its exit code and gate lines, for every gate kind', () => {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const dir = tempFiles({
        'tools.json': tools,
        'suite.yaml': suite(scenario.budget ?? '', scenario.hooks),
        // Every call reaches the hook that throws: every result is errored, so the metric gates measure nothing.
        'a.yaml': script(scenario.hooks !== true),
        'b.yaml': script(false),
        'alt.json': JSON.stringify({ get: { description: 'Fetch the value for a key.' } }),
        'hooks.mjs': 'export function beforeToolCall() { throw new Error("hook broke") }\n',
        'toolgauge.config.yaml': [
          'suites: [suite.yaml]',
          'models: [{ model: "scripted:a.yaml", label: a }, { model: "scripted:b.yaml", label: b }]',
          ...(scenario.config ?? []),
          ...(scenario.gates ? ['gates:', ...scenario.gates.map((line) => `  ${line}`)] : []),
        ].join('\n'),
      })
      const config = ['--config', join(dir, 'toolgauge.config.yaml')]
      const flags = scenario.flags ?? []
      const whole = await runCli(['run', ...config, ...flags, '--out', join(dir, 'whole')])
      expect(whole.code, whole.stderr).toBe(scenario.exit)
      for (const index of [1, 2, 3]) {
        const shard = await runCli(['run', ...config, ...flags, '--shard', `${index}/3`, '--out', join(dir, `shard-${index}`)])
        expect([0, 1, 2], shard.stderr).toContain(shard.code)
      }
      const merged = await runCli(['merge', ...[1, 2, 3].map((index) => join(dir, `shard-${index}`, 'report.json')), '--out', join(dir, 'merged')])
      expect(merged.stderr).not.toContain('warning')
      expect({ code: merged.code, gates: gateLines(merged.stdout) }).toEqual({ code: whole.code, gates: gateLines(whole.stdout) })
      if (scenario.budget || scenario.gates || scenario.flags) expect(gateLines(whole.stdout).length).toBeGreaterThan(0)
      if (scenario.config) expect(gateLines(whole.stdout).filter((line) => line.includes('(variant alt)'))).toHaveLength(4)
      if (scenario.hooks) for (const line of gateLines(whole.stdout).filter((l) => !l.includes('(suite store'))) expect(line).toMatch(/: — measured nothing/)
    })
  }
})
