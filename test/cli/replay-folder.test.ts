import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const suite = ['name: x', 'tools:', '  - { name: noop, description: Does nothing, parameters: { type: object, properties: {} } }', 'cases:', '  - id: a', '    prompt: hi', '    expect: { calls: [] }'].join('\n')

describe('--replay on a folder that is not there', () => {
  it('says the cassette folder does not exist, exit 2, before any case runs', () => {
    const dir = tempFiles({ 'suite.yaml': suite })
    const result = runCli(['run', 'suite.yaml', '--model', 'openai:gpt-4.1-mini', '--replay', 'cassettes-nope', '--out', 'out'], { cwd: dir, env: { OPENAI_API_KEY: undefined } })
    expectInputError(result, '--replay', 'the cassette folder does not exist: cassettes-nope')
    expect(result.stderr).not.toContain('differs from the recorded run')
    expect(existsSync(join(dir, 'out', 'results.jsonl'))).toBe(false)
  })

  it('a file given as the folder is named as not a folder', () => {
    const dir = tempFiles({ 'suite.yaml': suite })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'openai:gpt-4.1-mini', '--replay', 'suite.yaml', '--out', 'out'], { cwd: dir, env: { OPENAI_API_KEY: undefined } }), '--replay', 'not a folder: suite.yaml')
  })
})
