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

  it('as two --model flags: the same message', () => {
    const dir = tempFiles({ 'suite.yaml': suite })
    const result = runCli(['run', 'suite.yaml', '--model', 'baseline', '--model', 'baseline', '--out', 'out'], { cwd: dir })
    expectInputError(result, `models: ${message}`)
  })

  it('to the library, as strings or entries: the same message', async () => {
    const dir = tempFiles({ 'suite.yaml': suite })
    for (const models of [['baseline', 'baseline'], ['baseline', { spec: 'baseline' }]]) {
      await expect(runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models, outDir: join(dir, 'out') })).rejects.toThrow(message)
    }
  })
})
