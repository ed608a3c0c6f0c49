// `--format htm` is a newcomer's slip: exit 2 before anything runs, naming the format it was meant to be.
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'

const suite = ['name: s', 'tools:', '  - { name: get_time, description: Time, parameters: { type: object, properties: {} } }', 'cases:', '  - { id: a, prompt: hi, expect: { no_call: true } }'].join('\n')

it.each([
  ['htm', 'html'],
  ['junt', 'junit'],
  ['markdown', undefined],
])('run --format %s says which format it may mean', async (given, meant) => {
  const dir = tempFiles({ 'suite.yaml': suite })
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--format', `md,${given}`, '--out', join(dir, 'out')])
  expect(result.code).toBe(2)
  const hint = meant === undefined ? '' : ` (did you mean "${meant}"?)`
  expect(result.stderr).toContain(`--format: unknown format "${given}"${hint}; expected json, junit, md, html`)
  expect(result.stderr).not.toMatch(/\n\s+at /)
})
