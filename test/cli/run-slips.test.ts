import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = 'name: x\ntools: ./tools.json\ncases:\n  - id: paris\n    prompt: Weather in Paris?\n    expect:\n      calls:\n        - name: get_weather\n          args: { city: Paris }\n'
const parisTurn = '  - tool_calls: [{ name: get_weather, arguments: { city: Paris } }]\n  - content: Sunny.\n'

describe('slips in a run are caught before the first model call', () => {
  it('a config gate naming a model that is not in the run (did you mean)', () => {
    const dir = tempFiles({
      'tools.json': tools,
      'suite.yaml': suite,
      'toolgauge.config.yaml': 'suites: [suite.yaml]\nmodels: [baseline]\ngates:\n  models:\n    baselin: { min_accuracy: 0.9 }\n',
    })
    expectInputError(runCli(['run', '--out', 'out'], { cwd: dir }), 'toolgauge.config.yaml:5', 'gates.models.baselin', 'did you mean "baseline"')
    expect(existsSync(join(dir, 'out/results.jsonl'))).toBe(false)
  })

  it('a scripted key that names no case is a warning listing it; the run goes on', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite, 'script.yaml': `paris:\n${parisTurn}pariss:\n${parisTurn}other/thing:\n  - content: hi\n` })
    const result = runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--out', 'out'], { cwd: dir })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/warning: .*script\.yaml: 2 script keys name no case/)
    expect(result.stderr).toContain('"pariss" (did you mean "paris"?)')
    expect(result.stderr).toContain('"other/thing"')
  })

  it('a repeats: list shorter than --repeat is an error naming the case', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite, 'script.yaml': `paris:\n  repeats:\n    - \n${parisTurn.replace(/^ {2}/gm, '      ')}    - \n${parisTurn.replace(/^ {2}/gm, '      ')}` })
    const ok = runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--repeat', '2', '--out', 'out'], { cwd: dir })
    expect(ok.code, ok.stderr).toBe(0)
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--repeat', '3', '--out', 'out3'], { cwd: dir }),
      'script.yaml:2', 'paris.repeats', 'case "x/paris" has 2 repeats', 'asks for 3')
    expect(existsSync(join(dir, 'out3/results.jsonl'))).toBe(false)
  })

  it('paths in a config file are relative to it: --config sub/toolgauge.config.yaml works from any folder', () => {
    const dir = tempFiles({
      'sub/tools.json': tools,
      'sub/suite.yaml': suite,
      'sub/script.yaml': `paris:\n${parisTurn}`,
      'sub/toolgauge.config.yaml': 'suites: [suite.yaml]\nmodels: ["scripted:script.yaml"]\nout: out\n',
    })
    mkdirSync(join(dir, 'elsewhere'))
    const result = runCli(['run', '--config', '../sub/toolgauge.config.yaml'], { cwd: join(dir, 'elsewhere') })
    expect(result.code, result.stderr).toBe(0)
    expect(existsSync(join(dir, 'sub/out/report.json'))).toBe(true)
  })

  it('--keep-dots-for naming a model folder that is not among the results', () => {
    const dir = tempFiles({ 'data/BFCL_v4_simple_python.json': '', 'results/model-a/BFCL_v4_simple_python_result.json': '' })
    expectInputError(runCli(['bfcl', 'score', '--data', join(dir, 'data'), '--results', join(dir, 'results'), '--underscore-to-dot', '--keep-dots-for', 'model-b', '--out', join(dir, 'out')]),
      '--keep-dots-for', 'no model folder "model-b"', 'model-a')
  })
})
