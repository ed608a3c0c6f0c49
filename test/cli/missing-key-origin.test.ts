import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const suite = (user = '    prompt: hi') => ['name: x', 'tools:', '  - { name: noop, description: Does nothing, parameters: { type: object, properties: {} } }', 'cases:', '  - id: talk', user, '    expect: { calls: [] }'].join('\n')
const noKeys = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined }

describe('a missing API key names where the model was written', () => {
  it('a config file model is named by the file, its line and models[i], not --model', () => {
    const dir = tempFiles({ 'suite.yaml': suite(), 'toolgauge.config.yaml': 'suites: [suite.yaml]\nmodels:\n  - baseline\n  - openai:gpt-5\n' })
    const result = runCli(['run', '--config', 'toolgauge.config.yaml', '--out', 'out'], { cwd: dir, env: noKeys })
    expectInputError(result, 'toolgauge.config.yaml:4: models[1]: openai:gpt-5 needs an API key', 'OPENAI_API_KEY')
    expect(result.stderr).not.toContain('--model')
  })

  it('a --model flag is still named --model', () => {
    const dir = tempFiles({ 'suite.yaml': suite() })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'openai:gpt-5', '--out', 'out'], { cwd: dir, env: noKeys }), '--model: openai:gpt-5 needs an API key')
  })

  it("a suite's simulated user is named by the suite file and its field", () => {
    const dir = tempFiles({ 'suite.yaml': suite('    user: { model: "anthropic:claude-haiku-4-5", instructions: Greet., max_messages: 1 }') })
    const result = runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir, env: noKeys })
    expectInputError(result, 'suite.yaml: user.model of case "talk": anthropic:claude-haiku-4-5 needs an API key')
    expect(result.stderr).not.toContain('--model:')
  })
})
