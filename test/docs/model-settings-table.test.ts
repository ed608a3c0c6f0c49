// docs/providers/index.md "Model settings" says, per setting and protocol, what the setting becomes or that it is
// an error: a cell reads "error" exactly where checkSettings refuses the setting for that protocol (exit 2), so
// the table and what a run accepts cannot drift apart.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { settingNames } from '../../src/providers/settings/model-settings.ts'
import { checkSettings, type SettingsProtocol } from '../../src/providers/settings/protocol-settings.ts'

const docs = readFileSync(new URL('../../docs/providers/index.md', import.meta.url), 'utf8')
const section = docs.slice(docs.indexOf('## Model settings'), docs.indexOf('\n## ', docs.indexOf('## Model settings') + 1))
/** The table's rows by the setting their first cell names (`reasoning: { effort, summary }` → reasoning). */
const rows = new Map(section.split('\n').filter((line) => line.startsWith('| `')).map((line) => {
  const cells = line.split(' | ')
  return [/^\| `([a-z_]+)/.exec(cells[0]!)![1]!, cells.slice(1)] as const
}))
/** The table's columns, in order. */
const protocols: readonly SettingsProtocol[] = ['chat', 'responses', 'anthropic', 'gemini']

const accepts = (protocol: SettingsProtocol, setting: string) => {
  try {
    checkSettings(protocol, { [setting]: true }, 'model')
    return true
  } catch {
    return false
  }
}

it('lists every setting --set and the config take, one row each', () => {
  expect([...rows.keys()].sort()).toEqual([...settingNames].sort())
})

it.each(protocols.map((protocol, column) => [protocol, column] as const))('the %s column says "error" exactly where a run refuses the setting', (protocol, column) => {
  const drift = [...rows].filter(([setting, cells]) => /^error\b/.test(cells[column]!.trim()) === accepts(protocol, setting)).map(([setting, cells]) => `${setting}: "${cells[column]!.trim()}"`)
  expect(drift).toEqual([])
})
