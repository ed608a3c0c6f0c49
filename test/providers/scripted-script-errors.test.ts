// A script file is the user's: a slip in it is exit 2 naming the file, line and field, and where YAML read a value
// as another type than the user meant (`content: 400`), the message says how to write it.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'

const suite = ['name: s', 'tools:', '  - { name: get_time, description: Time, parameters: { type: object, properties: {} } }', 'cases:', '  - { id: a, prompt: hi, expect: { calls: [] } }'].join('\n')

it.each([
  ['content: 400', 'a: [{ content: 400 }]', 'a.0.content', 'the number 400: quote it ("400")'],
  ['content: true', 'a: [{ content: true }]', 'a.0.content', 'the boolean true: quote it ("true")'],
])('a scripted turn with %s says to quote it', async (_name, script, field, hint) => {
  const dir = tempFiles({ 'suite.yaml': suite, 'script.yaml': script })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain(`script.yaml:1: ${field}: expected a string, got ${hint}`)
  expect(result.stderr).not.toMatch(/\n\s+at /)
})

// The suite's own fields take the same hint (ajv's type error on a string field).
it('a suite prompt YAML read as a number says to quote it', async () => {
  const dir = tempFiles({ 'suite.yaml': suite.replace('prompt: hi', 'prompt: 400') })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('suite.yaml:5: cases.0.prompt: expected string, got the number 400: quote it ("400")')
})
