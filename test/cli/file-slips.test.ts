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
  // `hook.ts` once got "did you mean conv.ts?": the `.ts` both names end in made three of seven letters look close.
  it('`hooks: ./hook.ts` beside conv.ts: no suggestion from the shared extension; beside hooks.ts, hooks.ts', () => {
    const dir = tempFiles({ 'tools.json': tools, 'conv.ts': 'export {}\n', 'suite.yaml': suite.replace('cases:', 'hooks: ./hook.ts\ncases:') })
    const result = runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir })
    expectInputError(result, 'suite.yaml:3', 'hooks: module not found')
    expect(result.stderr).not.toContain('did you mean')
    const beside = tempFiles({ 'tools.json': tools, 'hooks.ts': 'export {}\n', 'suite.yaml': suite.replace('cases:', 'hooks: ./hook.ts\ncases:') })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: beside }), '(did you mean "hooks.ts"?)')
  })
})

describe('a folder given where a tools file is expected names the suite or tools file inside it', () => {
  it('fuzz --tools suites/x and tokens --tools / --diff suites/x: did you mean suites/x/suite.yaml', () => {
    const dir = tempFiles({ 'suites/x/tools.json': tools, 'suites/x/suite.yaml': suite, 'validate.mjs': 'export const ok = () => true\n' })
    const fuzz = runCli(['fuzz', '--tools', 'suites/x', '--validator', 'validate.mjs#ok', '--runs', '1'], { cwd: dir })
    expectInputError(fuzz, '--tools: suites/x is a folder; expected a tools file or a suite file', '(did you mean "suites/x/suite.yaml"?)')
    const tokens = runCli(['tokens', '--tools', 'suites/x', '--model', 'openai:gpt-4.1-mini'], { cwd: dir })
    expectInputError(tokens, '--tools: suites/x is a folder; expected a tools file or a suite file', '(did you mean "suites/x/suite.yaml"?)')
    const diff = runCli(['tokens', '--tools', 'suites/x/tools.json', '--diff', 'suites/x'], { cwd: dir })
    expectInputError(diff, '--diff: suites/x is a folder; expected a tools file or a suite file', '(did you mean "suites/x/suite.yaml"?)')
  })

  it('a folder holding only a tools file suggests it; one holding neither says so', () => {
    const dir = tempFiles({ 'only-tools/tools.json': tools, 'empty/notes.txt': 'x\n', 'validate.mjs': 'export const ok = () => true\n' })
    expectInputError(runCli(['fuzz', '--tools', 'only-tools', '--validator', 'validate.mjs#ok'], { cwd: dir }), '(did you mean "only-tools/tools.json"?)')
    const empty = runCli(['fuzz', '--tools', 'empty', '--validator', 'validate.mjs#ok'], { cwd: dir })
    expectInputError(empty, '--tools: empty is a folder; expected a tools file or a suite file')
    expect(empty.stderr).not.toContain('did you mean')
  })
})
