import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Fingerprints } from '../../src/runner/fingerprint.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import type { CaseCheck } from '../../src/scoring/score-case.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: opts', 'tools: ./tools.json', 'cases:', '  - id: paris', '    prompt: Weather in Paris?', '    expect:', '      calls: [{ name: get_weather, args: { city: Paris } }]'].join('\n')
const script = ['paris:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]', '  - content: Sunny.'].join('\n')

describe('--resume and run options', () => {
  it('--cache-tools on the resumed run re-runs results made without it', async () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'script.yaml': script })
    const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]
    expect((await runMain(args)).code).toBe(0)
    expect((await runMain([...args, '--resume'])).stdout).toContain('Resumed: 1 result(s) kept, 0 re-run')
    expect((await runMain([...args, '--cache-tools', '--resume'])).stdout).toContain('Resumed: 0 result(s) kept, 1 re-run')
  })

  it('checks with another id on the resumed run re-run the results the old checks judged', async () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'script.yaml': script })
    const run = (caseChecks: RunOptions['caseChecks']) => runEvaluation({ suitePaths: [join(dir, 'suite')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: join(dir, 'out'), resume: true, ...(caseChecks ? { caseChecks } : {}) })
    const lenient: CaseCheck = () => []
    const strict: CaseCheck = () => [{ kind: 'custom_check', message: 'the stricter rule' }]
    expect((await run({ id: 'rules/1', check: lenient })).report.results.map((result) => result.verdict)).toEqual(['passed'])
    const same = await run({ id: 'rules/1', check: lenient })
    expect(same.resumed).toMatchObject({ kept: 1, rerun: 0 })
    const changed = await run({ id: 'rules/2', check: strict })
    expect(changed.resumed).toMatchObject({ kept: 0, rerun: 1 })
    expect(changed.report.results.map((result) => result.verdict)).toEqual(['failed'])
    // Dropping the checks is a change too: the result the strict rule failed is judged again without it.
    const none = await run(undefined)
    expect(none.resumed).toMatchObject({ kept: 0, rerun: 1 })
    expect(none.report.results.map((result) => result.verdict)).toEqual(['passed'])
  })

  it('a check set without an id is refused', () => {
    expect(() => new Fingerprints({ caseChecks: ' ' })).toThrow(/caseChecks needs an id/)
  })
})

describe('--resume and the settings of a judge', () => {
  it('a judge run with other options (config providers:, its max_tokens) re-runs the results it judged', async () => {
    const judged = ['name: judged', 'tools: ./tools.json', 'cases:', '  - id: paris', '    prompt: Weather in Paris?', '    expect:', '      calls: [{ name: get_weather, args: { city: Paris } }]', '      final: { judge: { model: "scripted:judge.yaml", rubric: "Says the weather." } }'].join('\n')
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': judged, 'suite/judge.yaml': 'paris:\n  - content: \'{"score": 0.9, "reason": "Sunny."}\'\n', 'script.yaml': script })
    const run = (maxTokens: number) => runEvaluation({
      suitePaths: [join(dir, 'suite')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: join(dir, 'out'), resume: true,
      modelOptions: { 'scripted:judge.yaml': { maxTokens } },
    })
    expect((await run(100)).report.results.map((result) => result.verdict)).toEqual(['passed'])
    expect((await run(100)).resumed).toMatchObject({ kept: 1, rerun: 0 })
    expect((await run(200)).resumed).toMatchObject({ kept: 0, rerun: 1 })
  })
})
