// The README's suite reference ("Suite files") is what a newcomer copies: with stand-ins for the files it names, it
// must load as a suite — every key it shows is a real key, used as the loader accepts it. So must the JSON Lines
// case file shown beside it, against the bundled weather tools.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')

/** The first fenced block of `language` whose text starts with `start`. */
function block(language: string, start: string): string {
  const found = [...readme.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]!).find((text) => text.startsWith(start))
  expect(found, `a \`\`\`${language} block starting with ${start}`).toBeDefined()
  return found!
}

const tool = (name: string, properties: object) => ({ name, description: `Stand-in for ${name}.`, parameters: { type: 'object', properties } })

describe('the README suite reference', () => {
  it('loads, with stand-ins for the tools, hooks, world, stub, check and simulated-user files it names', async () => {
    const dir = tempFiles({
      'suite.yaml': block('yaml', '# yaml-language-server: $schema=../suite.schema.json\nname: smart-home'),
      'tools.json': JSON.stringify([
        tool('get_energy_usage', { period: { type: 'string', enum: ['week', 'month', 'year'] } }),
        tool('send_email', { to: { type: 'string' } }),
        tool('set_thermostat', { mode: { type: 'string', enum: ['heat', 'off'] }, target: { type: 'number' } }),
        tool('get_thermostat', {}),
      ]),
      'hooks.ts': 'export function beforeToolCall() {}\n',
      'world.ts': 'export function createWorld(state: { thermostat: object }) { return { get_thermostat: () => state.thermostat } }\n',
      'stubs.ts': 'export function sendEmail() { return { sent: true } }\n',
      'checks.ts': 'export function usageIsWeekly() { return { pass: true } }\n',
      'users.yaml': 'simulated:\n  - content: "Turn the heating off. ###STOP###"\n',
    })
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    expect(suite.cases.map((testCase) => testCase.id)).toEqual(['weekly-usage[0]', 'weekly-usage[1]', 'heating-off', 'simulated'])
  })

  it('"Your first suite" shows examples/first-suite/suite.yaml as it is (its runs are output samples: output-samples.test.ts)', () => {
    expect(block('yaml', '# yaml-language-server: $schema=../../suites/suite.schema.json\n# A first suite')).toBe(readFileSync(join(projectRoot, 'examples/first-suite/suite.yaml'), 'utf8'))
  })

  it('the JSON Lines case file example loads against the weather tools', async () => {
    const dir = tempFiles({
      'suite.yaml': `name: jsonl\ntools: ${JSON.stringify(join(projectRoot, 'suites/weather/tools.json'))}\ncases: ./cases.jsonl\n`,
      'cases.jsonl': block('jsonl', '{'),
    })
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    expect(suite.cases.map((testCase) => testCase.id)).toEqual(['paris-now', 'no-tool'])
  })
})
