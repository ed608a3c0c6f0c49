import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const suite = ['name: x', 'tools:', '  - { name: noop, description: Does nothing, parameters: { type: object, properties: {} } }', 'cases:', '  - id: a', '    prompt: hi', '    expect: { calls: [] }'].join('\n')

describe('a file that is not there is named in plain words', () => {
  it('scripted:nope.yaml says no such file, with a sibling of a close name', () => {
    const dir = tempFiles({ 'suite.yaml': suite, 'script.yaml': 'a:\n  - content: hello\n' })
    const result = runCli(['run', 'suite.yaml', '--model', 'scripted:scrpt.yaml', '--out', 'out'], { cwd: dir })
    expectInputError(result, 'no such file: ', 'scrpt.yaml', `(did you mean "${join(dir, 'script.yaml')}"?)`)
    expect(result.stderr).not.toContain('ENOENT')
  })

  it('a folder given as the file says it is a folder', () => {
    const dir = tempFiles({ 'suite.yaml': suite, 'sub/x.txt': '' })
    const result = runCli(['run', 'suite.yaml', '--model', 'scripted:sub', '--out', 'out'], { cwd: dir })
    expectInputError(result, 'is a folder; expected a file')
    expect(result.stderr).not.toContain('EISDIR')
  })

  it('a report that is not there says no such file', () => {
    const dir = tempFiles({})
    const result = runCli(['show', 'nope/report.json'], { cwd: dir })
    expectInputError(result, 'no such file: nope/report.json')
    expect(result.stderr).not.toContain('ENOENT')
  })
})
