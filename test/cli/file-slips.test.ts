import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }])
const suite = 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n'

describe('a misspelt file name gets a did-you-mean over its folder', () => {
  it('`tools: ./tool.json` beside tools.json', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite.replace('./tools.json', './tool.json') })
    expectInputError(runCli(['run', `${dir}/suite.yaml`, '--model', 'baseline', '--out', `${dir}/out`], { cwd: dir }), 'suite.yaml:2', 'tools file not found', '(did you mean "tools.json"?)')
  })

  it('`toolgauge run evals/example/suit.yaml` beside suite.yaml', () => {
    const dir = tempFiles({ 'evals/example/tools.json': tools, 'evals/example/suite.yaml': suite })
    const result = runCli(['run', 'evals/example/suit.yaml', '--model', 'baseline', '--out', `${dir}/out`], { cwd: dir })
    expectInputError(result, 'no such file or folder: evals/example/suit.yaml', '(did you mean "evals/example/suite.yaml"?)')
  })

  it('no suggestion when nothing is close', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite })
    const result = runCli(['run', 'elsewhere.yaml', '--model', 'baseline', '--out', `${dir}/out`], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).not.toContain('did you mean')
  })
})
