// Reasoning state through the whole run: kept on the turn in report and journal, shown collapsed by `show` and in
// the HTML report, and never scored (the same cases with and without thinking get the same verdicts).
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { weatherModel } from './fake/behaviour.ts'
import { setProviderEnv, startFakeServer } from './fake/harness.ts'

const suite = `name: w
tools:
  - { name: get_weather, description: Current weather, parameters: { type: object, properties: { city: { type: string } }, required: [city] } }
stubs:
  get_weather: [{ result: { temperature: 18 } }]
cases:
  - id: two
    prompt: Weather in Paris and London?
    expect: { calls: [{ name: get_weather, args: { city: Paris } }, { name: get_weather, args: { city: London } }], parallel: true }
  - id: none
    prompt: Tell me a joke.
    expect: { no_call: true }
`

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('reasoning state in reports', () => {
  it('is kept, shown collapsed, and does not change a verdict', async () => {
    const server = await startFakeServer('anthropic', weatherModel)
    setProviderEnv('anthropic', server.origin)
    const dir = tempFiles({
      'w.suite.yaml': suite,
      'toolgauge.config.yaml': [
        'models:',
        '  - { model: "anthropic:claude-thinker", label: thinking, thinking: { type: enabled, budget_tokens: 1024 } }',
        '  - { model: "anthropic:claude-thinker", label: plain }',
      ].join('\n'),
    })
    dirs.push(dir)
    const run = await runMain(['run', join(dir, 'w.suite.yaml'), '--config', join(dir, 'toolgauge.config.yaml'), '--out', join(dir, 'out'), '--format', 'html'])
    await server.close()
    expect(server.violations).toEqual([])
    expect(run.code, run.stderr).toBe(0)
    const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as Report
    const verdicts = (label: string) => report.results.filter((r) => r.model === label).map((r) => [r.case, r.passed, r.failures, r.metrics])
    expect(verdicts('thinking')).toEqual(verdicts('plain'))
    const thinkingTurn = report.results.find((r) => r.model === 'thinking' && r.case === 'two')!.turns[0]!
    expect(thinkingTurn.reasoning?.protocol).toBe('anthropic')
    expect(report.results.find((r) => r.model === 'plain' && r.case === 'two')!.turns[0]!.reasoning).toBeUndefined()

    const show = await runMain(['show', join(dir, 'out/report.json'), '--case', 'two', '--model', 'thinking'])
    expect(show.stdout).toMatch(/reasoning \(kept, sent back, not scored\): anthropic: 1 thinking, 1 redacted_thinking — "I should look at: Weather in Paris and London\?/)
    const html = readFileSync(join(dir, 'out/report.html'), 'utf8')
    expect(html).toContain('<details class="msg reasoning"><summary class="role">reasoning · anthropic: 1 thinking, 1 redacted_thinking · not scored</summary>')
  })
})
