// A variant whose tools lack one a conversation message adds (`add_tools`) would run that conversation without the
// tool — the message's reply judged on a tool set the suite never asked for — where the suite itself refuses an
// add_tools naming a tool it lacks: bad input (exit 2) naming the file and field, before any model call.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'

const get = { name: 'get_thermostat', description: 'Read the thermostat.', parameters: { type: 'object', properties: {} } }
const set = { name: 'set_thermostat', description: 'Set the thermostat mode.', parameters: { type: 'object', properties: { mode: { type: 'string' } }, required: ['mode'] } }

/** A suite whose one case adds set_thermostat at its second message; `tools` is the case's own subset, if any. */
function suite(caseTools?: string[]): string {
  return tempFiles({
    'tools.json': JSON.stringify([get, set]),
    'only-get.json': JSON.stringify([{ ...get, description: 'Reads the thermostat (terse).' }]),
    'suite.yaml': [
      'name: heat',
      'tools: [./tools.json]',
      'cases:',
      '  - id: heating-off',
      ...(caseTools ? [`    tools: [${caseTools.join(', ')}]`] : []),
      '    conversation:',
      '      - user: Is the heating on?',
      '      - user: Turn it off.',
      '        add_tools: [set_thermostat]',
    ].join('\n'),
  })
}

it.each([
  { given: 'the suite\'s tools', caseTools: undefined },
  { given: 'a tools: subset', caseTools: ['get_thermostat'] },
])('a variant lacking a tool add_tools names is exit 2 naming the suite file, the field and the variant, with $given', async ({ caseTools }) => {
  const dir = suite(caseTools)
  const out = join(dir, 'out')
  const { code, stderr } = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', out, '--variant', `terse=${join(dir, 'only-get.json')}`])
  expect(code, stderr).toBe(2)
  expect(stderr).toContain(`${join(dir, 'suite.yaml')}: cases.heating-off.conversation.1.add_tools.0: variant "terse" has no tool "set_thermostat", which case "heating-off" adds at message 2 (add_tools)`)
  expect(stderr).not.toMatch(/\n\s+at /)
  expect(existsSync(join(out, 'report.json'))).toBe(false)
})

it('a variant that keeps the added tool runs', async () => {
  const dir = tempFiles({ 'copy.json': JSON.stringify([get, { ...set, description: 'Sets the mode.' }]) })
  const suiteDir = suite()
  const { code, stderr } = await runMain(['run', join(suiteDir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out'), '--variant', `copy=${join(dir, 'copy.json')}`])
  expect(stderr).not.toContain('has no tool')
  expect([0, 1]).toContain(code)
})
