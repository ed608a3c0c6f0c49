// A newcomer's script keyed by a misspelt case id (`usd-to-eu:` for case `usd-to-eur`) is exit 2 before any call;
// the message names the key that was meant for the case and its line, so the fix is one edit, not a hunt.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'

const suite = [
  'name: s',
  'tools:',
  '  - { name: get_time, description: Time, parameters: { type: object, properties: {} } }',
  'cases:',
  '  - { id: usd-to-eur, prompt: hi, expect: { no_call: true } }',
  '  - { id: small-talk, prompt: ho, expect: { no_call: true } }',
].join('\n')

it('a missing case whose id a script key misspells names that key and its line', async () => {
  const dir = tempFiles({ 'suite.yaml': suite, 'script.yaml': 'small-talk: [{ content: hello }]\nusd-to-eu:\n  - content: hi\n' })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('script.yaml:2: no script for case "s/usd-to-eur" (did you mean key "usd-to-eu" for it?)')
  expect(result.stderr).not.toMatch(/\n\s+at /)
})

it('a key of suite/case form is matched against the case as suite/case', async () => {
  const dir = tempFiles({ 'suite.yaml': suite, 'script.yaml': 'small-talk: [{ content: hello }]\ns/usd-to-euro:\n  - content: hi\n' })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('no script for case "s/usd-to-eur" (did you mean key "s/usd-to-euro" for it?)')
})

it('a key naming a case of the suite is never offered for another case', async () => {
  const dir = tempFiles({ 'suite.yaml': suite.replace('id: small-talk', 'id: usd-to-eu'), 'script.yaml': 'usd-to-eu: [{ content: hello }]\n' })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('no script for case "s/usd-to-eur"; add a key with the case id')
})
