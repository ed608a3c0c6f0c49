// A model given twice is one row counted twice: bad input, exit 2. It was checked three times (the CLI's specs, the
// run's strings, the run's identities), with two messages: `model spec "x" is given twice` for two equal strings,
// `model "x" is listed twice; give each entry…` for a string and an entry of the same spec, or a label equal to
// another's spec — and a config's duplicate was not named by its line. Now one check (`resolveModels`, first thing in
// the run) says one message, whichever way the models were given, with the config's file and line when they came
// from one.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const suite = ['name: x', 'tools:', '  - { name: noop, description: Does nothing, parameters: { type: object, properties: {} } }', 'cases:', '  - { id: talk, prompt: hi, expect: { calls: [] } }'].join('\n')
const message = 'model "baseline" is given twice (models[0] and models[1]): each model is one row of a run; to run one model twice (with other settings), give each entry its own label'

/** Runs the CLI with a config listing `models` (YAML lines under `models:`); returns its result. */
function runWithConfig(models: readonly string[]) {
  const dir = tempFiles({ 'suite.yaml': suite, 'toolgauge.config.yaml': ['suites: [suite.yaml]', 'models:', ...models].join('\n') })
  return runCli(['run', '--config', 'toolgauge.config.yaml', '--out', 'out'], { cwd: dir })
}

describe('a model given twice', () => {
  it.each([
    ['two equal specs', ['  - baseline', '  - baseline']],
    ['a spec and an entry of it', ['  - baseline', '  - { spec: baseline }']],
    ['a label equal to another entry\'s spec', ['  - baseline', '  - { spec: "scripted:./none.yaml", label: baseline }']],
  ])('in a config (%s): one message, naming the file, the line and models[1]', (_, models) => {
    const result = runWithConfig(models)
    expectInputError(result, `toolgauge.config.yaml:4: models[1]: ${message}`)
    expect(result.stderr.match(/given twice/g)).toHaveLength(1)
  })

  // The flags as typed, not the config's models[i] (there was no config), and one check for run, tokens and
  // conformance: tokens and conformance had one of their own, with a message of its own.
  it.each([
    ['run', ['run', 'suite.yaml', '--out', 'out']],
    ['tokens', ['tokens', '--tools', 'tools.json']],
    ['conformance', ['conformance', '--out', 'out']],
  ])('as two --model flags to %s: named as typed, exit 2', (_, args) => {
    const dir = tempFiles({ 'suite.yaml': suite, 'tools.json': '[{ "name": "noop", "description": "Does nothing", "parameters": { "type": "object" } }]' })
    const result = runCli([...args, '--model', 'openai:gpt-4o', '--model', 'baseline', '--model', 'openai:gpt-4o'], { cwd: dir, env: { OPENAI_API_KEY: undefined } })
    expectInputError(result, '--model openai:gpt-4o given twice: each model is one row of the results')
    expect(result.stderr).not.toContain('models[')
    expect(result.stderr.match(/given twice/g)).toHaveLength(1)
  })

  it('to the library, as strings or entries: the same message', async () => {
    const dir = tempFiles({ 'suite.yaml': suite })
    for (const models of [['baseline', 'baseline'], ['baseline', { spec: 'baseline' }]]) {
      await expect(runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models, outDir: join(dir, 'out') })).rejects.toThrow(message)
    }
  })
})
