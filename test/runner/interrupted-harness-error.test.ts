// Ctrl-C while a tool call runs: the suite's code failing as the interrupt comes — an MCP server the terminal's
// SIGINT reached too, a hook or stub cut short — interrupts the case, as a model call cut by it does. The case is not
// a result (no harness_error line in the journal, nothing errored in the report): --resume runs it again.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: interrupted', 'tools: ./tools.json', 'hooks: ./hooks.mjs', 'cases:', '  - id: paris', '    prompt: Weather in Paris?', '    expect:', '      calls: [{ name: get_weather, args: { city: Paris } }]'].join('\n')
const script = ['paris:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]', '  - content: Sunny.'].join('\n')
// The hook the interrupt reaches: while the test sets an interrupt, it presses it and fails (the server went away).
const hooks = "export function beforeToolCall() {\n  const interrupt = globalThis.__toolgaugeInterrupt\n  if (interrupt) { interrupt(); throw new Error('the MCP server exited (SIGINT)') }\n}\n"

declare global {
  var __toolgaugeInterrupt: (() => void) | undefined
}

afterEach(() => {
  globalThis.__toolgaugeInterrupt = undefined
})

describe('a run interrupted while a tool call runs', () => {
  it('journals no harness_error for the case the interrupt cut, and --resume runs it again', async () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'suite/hooks.mjs': hooks, 'script.yaml': script })
    const out = join(dir, 'out')
    const options = { suitePaths: [join(dir, 'suite')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: out }
    const interrupt = new AbortController()
    globalThis.__toolgaugeInterrupt = () => interrupt.abort(new Error('interrupted (SIGINT)'))
    const first = await runEvaluation({ ...options, signal: interrupt.signal })
    expect(first.report.run.interrupted).toBe(true)
    expect(first.report.results).toEqual([])
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe('')
    globalThis.__toolgaugeInterrupt = undefined
    const resumed = await runEvaluation({ ...options, resume: true })
    expect(resumed.report.results.map((result) => [result.case, result.verdict])).toEqual([['paris', 'passed']])
  })
})
