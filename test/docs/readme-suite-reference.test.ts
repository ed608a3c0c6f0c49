// The README's suite reference ("Suite files") is what a newcomer copies: with stand-ins for the files it names, it
// must load as a suite — every key it shows is a real key, used as the loader accepts it. So must the JSON Lines
// case file shown beside it, against the bundled weather tools.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseJudgeAnswer } from '../../src/checks/judge-prompt.ts'
import { parseDocumentText } from '../../src/io/read-document.ts'
import { validateCaseShape, validateSuiteShape } from '../../src/schema/validate-document.ts'
import { createProvider as createScripted } from '../../src/providers/scripted.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { userDocs } from '../helpers/doc-commands.ts'
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

/**
 * The suite excerpts of the docs: a ```yaml block whose first key is a suite's (`cases:`, `world:`, `tools:` …, not
 * a config's) or, indented, a case's (`    user:`). Each is checked for the suite's shape as a suite file is, with
 * a stand-in for what the excerpt leaves out (a name, a case, a case id), the error naming the doc's line.
 */
type Excerpt = { readonly where: string; readonly text: string; readonly asCase: boolean }

function suiteExcerpts(): Excerpt[] {
  const schema = JSON.parse(readFileSync(join(projectRoot, 'suites/suite.schema.json'), 'utf8')) as { properties: object; definitions: { case: { properties: object } } }
  const configKeys = ['models', 'suites', 'out', 'variants', 'gates', 'prices', 'lint', 'providers']
  return userDocs().flatMap((file) => {
    const doc = readFileSync(join(projectRoot, file), 'utf8')
    return [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap((match): Excerpt[] => {
      const where = `${file}:${doc.slice(0, match.index).split('\n').length + 1}`
      const first = /^( *)([a-z_]+):/m.exec(match[1]!.replace(/^#.*\n/gm, ''))
      if (!first) return []
      if (first[1] === '' && first[2]! in schema.properties && !configKeys.includes(first[2]!)) return [{ where, text: match[1]!, asCase: false }]
      const indent = first[1]!.length
      if (indent > 0 && first[2]! in schema.definitions.case.properties) return [{ where, text: match[1]!.split('\n').map((line) => line.slice(indent)).join('\n'), asCase: true }]
      return []
    })
  })
}

describe('the suite excerpts of the docs', () => {
  const excerpts = suiteExcerpts()

  it('finds them: the first suite, the reference, a case matrix, a conversation, a simulated user, MCP tools', () => {
    expect(excerpts.map((excerpt) => excerpt.where.split(':')[0])).toEqual(['README.md', 'README.md', 'README.md', 'README.md', 'README.md', 'README.md'])
    expect(excerpts.filter((excerpt) => excerpt.asCase)).toHaveLength(1)
  })

  it.each(excerpts.map((excerpt) => [excerpt.where, excerpt] as const))('%s has the shape of a suite', (where, { text, asCase }) => {
    const parsed = parseDocumentText(where, text).value as Record<string, unknown>
    if (asCase) return validateCaseShape({ id: 'excerpt', ...parsed }, where, 0)
    const suite = { name: 'excerpt', cases: [{ id: 'stand-in', prompt: 'A stand-in case.' }], ...parsed }
    validateSuiteShape({ file: where, value: suite, lineOf: () => undefined })
  })

  it('is no check that takes anything: a misspelt key in an excerpt is refused, with "did you mean"', () => {
    const conversation = excerpts.find((excerpt) => excerpt.text.startsWith('world:'))!
    const parsed = parseDocumentText('x', conversation.text.replace('add_tools:', 'add_tool:')).value as object
    expect(() => validateSuiteShape({ file: 'x', value: { name: 'excerpt', ...parsed }, lineOf: () => undefined })).toThrow(/add_tool.*did you mean "add_tools"/)
  })
})

it('the "Scripted models" example loads as a scripted: model, each turn as written', async () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### Scripted models'))
  const dir = tempFiles({ 'script.yaml': /```yaml\n([\s\S]*?)```/.exec(section)![1]! })
  const provider = await createScripted(join(dir, 'script.yaml'), `scripted:${join(dir, 'script.yaml')}`, {})
  expect(provider.id).toContain('script.yaml')
})

it('the judge answer "Judged final answers" shows is read as that verdict, alone or in a ```json fence', () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### Judged final answers'))
  const answer = /```json\n([\s\S]*?)```/.exec(section)![1]!.trim()
  const shown = JSON.parse(answer) as object
  expect(parseJudgeAnswer(answer)).toMatchObject(shown)
  expect(parseJudgeAnswer(`\`\`\`json\n${answer}\n\`\`\``)).toMatchObject(shown)
})
