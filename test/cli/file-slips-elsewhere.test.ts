// A suite names its files relative to its own folder, and is usually run from the project's root
// (`toolgauge run evals/example`): a misspelt file there gets the same "did you mean" as when run beside it,
// looked up in the suite's folder, written as the suite wrote it so it can be pasted back into the suite.
import { describe, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }])
const suite = 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n'
const files = { 'evals/example/tools.json': tools, 'evals/example/hooks.mjs': 'export {}\n', 'evals/example/cities.csv': 'city\nOslo\n', 'evals/example/terse.json': tools, 'evals/example/cases.jsonl': '{"id":"a","prompt":"hi"}\n' }
const run = (dir: string) => runCli(['run', 'evals/example', '--model', 'baseline', '--out', `${dir}/out`], { cwd: dir })

describe('a misspelt file of a suite run from another folder', () => {
  it('tools: ./tool.json', () => {
    const dir = tempFiles({ ...files, 'evals/example/suite.yaml': suite.replace('./tools.json', './tool.json') })
    expectInputError(run(dir), 'suite.yaml:2', 'tools file not found', '(did you mean "tools.json"?)')
  })

  it('hooks: ./hook.mjs', () => {
    const dir = tempFiles({ ...files, 'evals/example/suite.yaml': `${suite}hooks: ./hook.mjs\n` })
    expectInputError(run(dir), 'suite.yaml:6', 'module not found', '(did you mean "hooks.mjs"?)')
  })

  it('vars: ./citys.csv', () => {
    const dir = tempFiles({ ...files, 'evals/example/suite.yaml': suite.replace('prompt: hi', 'prompt: "{{city}}"\n    vars: ./citys.csv') })
    expectInputError(run(dir), 'vars file not found', '(did you mean "cities.csv"?)')
  })

  it('vars: ./data, a folder (and a folder named rows.csv): said as bad input, exit 2, not EISDIR with a stack', () => {
    const folder = tempFiles({ ...files, 'evals/example/data/cities.csv': 'city\nOslo\n', 'evals/example/suite.yaml': suite.replace('prompt: hi', 'prompt: "{{city}}"\n    vars: ./data') })
    expectInputError(run(folder), 'suite.yaml', 'a vars file is .csv')
    const named = tempFiles({ ...files, 'evals/example/rows.csv/cities.csv': 'city\nOslo\n', 'evals/example/suite.yaml': suite.replace('prompt: hi', 'prompt: "{{city}}"\n    vars: ./rows.csv') })
    expectInputError(run(named), 'rows.csv')
  })

  it('variants: { terse: ./trese.json }', () => {
    const dir = tempFiles({ ...files, 'evals/example/suite.yaml': `${suite}variants: { terse: ./trese.json }\n` })
    expectInputError(run(dir), 'variant file not found', 'evals/example/terse.json"?)')
  })

  it('cases: ./case.jsonl', () => {
    const dir = tempFiles({ ...files, 'evals/example/suite.yaml': 'name: x\ntools: ./tools.json\ncases: ./case.jsonl\n' })
    expectInputError(run(dir), 'case file not found', 'evals/example/cases.jsonl"?)')
  })
})

it('--config toolgauge.conifg.ts beside toolgauge.config.ts', () => {
  const dir = tempFiles({ ...files, 'evals/example/suite.yaml': suite, 'toolgauge.config.ts': 'export default { suites: ["evals"] }\n' })
  const result = runCli(['run', '--config', 'toolgauge.conifg.ts', '--model', 'baseline', '--out', `${dir}/out`], { cwd: dir })
  expectInputError(result, '--config', 'config file not found', 'toolgauge.config.ts"?)')
})
