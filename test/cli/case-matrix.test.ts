// Case matrices (`vars:`) end to end: one case `<id>[<row>]` per row of an inline list, a CSV file or a JSON Lines
// file, `{{name}}` replaced in the prompt, conversation texts and expectation values (a whole-string placeholder
// keeps the row's type), each row validated like a written case; an unknown placeholder is exit 2 with file:line
// and "did you mean", a ragged CSV row is exit 2 naming its line.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_forecast', description: 'Forecast', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'] } }])
const call = (id: string, city: string, days: number, answer: string) => [
  `"${id}":`,
  `  - tool_calls: [{ id: c1, name: get_forecast, arguments: { city: "${city}", days: ${days} } }]`,
  `  - content: ${answer}`,
]

function files(cases: string[], extra: Record<string, string> = {}): Record<string, string> {
  return { 'tools.json': tools, 'suite.yaml': ['name: matrix', 'tools: ./tools.json', 'cases:', ...cases].join('\n'), ...extra }
}

async function run(dir: string) {
  const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
  return { ...result, report: JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report }
}

describe('case matrices (vars:)', () => {
  it('an inline list: one case per row, placeholders replaced in the prompt and the expectation (typed where whole)', async () => {
    const dir = tempFiles(files([
      '  - id: forecast',
      '    vars: [{ city: Oslo, days: 3, word: cold }, { city: São Paulo, days: 5, word: warm }]',
      '    prompt: "{{days}}-day forecast for {{city}}?"',
      '    expect:',
      '      calls: [{ name: get_forecast, args: { city: "{{city}}", days: "{{days}}" } }]',
      '      final: { contains: "{{word}}" }',
    ], { 'script.yaml': [...call('forecast[0]', 'Oslo', 3, 'It will be cold.'), ...call('forecast[1]', 'São Paulo', 4, 'It will be warm.')].join('\n') }))
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    expect(suite.cases.map((testCase) => testCase.id)).toEqual(['forecast[0]', 'forecast[1]'])
    expect(suite.cases[1]?.messages).toEqual([{ role: 'user', content: '5-day forecast for São Paulo?' }])
    expect(suite.cases[1]?.expect.calls).toEqual([{ name: 'get_forecast', args: { city: 'São Paulo', days: 5 } }])
    const { report } = await run(dir)
    expect(report.results.map((result) => [result.case, result.verdict])).toEqual([['forecast[0]', 'passed'], ['forecast[1]', 'failed']])
    expect(report.results[1]?.failures.map((failure) => failure.kind)).toEqual(['wrong_argument_value'])
  })

  it('a CSV file (quoted fields) and a JSON Lines file give the rows; a conversation\'s user texts are templated', async () => {
    const dir = tempFiles(files([
      '  - id: csv',
      '    vars: ./cities.csv',
      '    prompt: Forecast for {{city}}?',
      '    expect: { calls: [{ name: get_forecast, args: { city: "{{city}}" } }], extra_calls: allow }',
      '  - id: chat',
      '    vars: ./rows.jsonl',
      '    conversation:',
      '      - user: Forecast for {{city}}, {{days}} days.',
      '        expect: { calls: [{ name: get_forecast, args: { city: "{{city}}", days: "{{days}}" } }] }',
    ], {
      'cities.csv': 'city,note\n"Washington, D.C.","say ""hi"""\nOslo,plain\n',
      'rows.jsonl': '{"city": "Lima", "days": 2}\n\n{"city": "Quito", "days": 7}\n',
    }))
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    expect(suite.cases.map((testCase) => testCase.id)).toEqual(['csv[0]', 'csv[1]', 'chat[0]', 'chat[1]'])
    expect(suite.cases[0]?.messages[0]).toEqual({ role: 'user', content: 'Forecast for Washington, D.C.?' })
    expect(suite.cases[3]?.conversation?.[0]?.user).toBe('Forecast for Quito, 7 days.')
    expect(suite.cases[3]?.conversation?.[0]?.expect?.calls).toEqual([{ name: 'get_forecast', args: { city: 'Quito', days: 7 } }])
  })

  it('an unknown {{name}} is exit 2 with file:line and "did you mean", before any model call', async () => {
    const dir = tempFiles(files([
      '  - id: forecast',
      '    vars: [{ city: Oslo }]',
      '    prompt: Forecast for {{citty}}?',
    ], { 'script.yaml': '{}' }))
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out')])
    expectInputError(result, 'suite.yaml:6', '{{citty}} is not a name of vars row 0', 'did you mean "city"?')
  })

  it('a row that breaks a written case\'s rules is bad input naming the row; a ragged CSV row names its line', async () => {
    const badRow = tempFiles(files([
      '  - id: forecast',
      '    vars: [{ days: 2 }, { days: 0 }]',
      '    prompt: Forecast for Oslo?',
      '    expect: { calls: [{ name: get_forecast, args: { city: Oslo, days: "{{days}}" } }] }',
    ]))
    expectInputError(await runMain(['run', join(badRow, 'suite.yaml'), '--model', 'baseline', '--out', join(badRow, 'out')]), 'suite.yaml:7', '(vars row 1)')
    const ragged = tempFiles(files(['  - { id: csv, vars: ./cities.csv, prompt: "Forecast for {{city}}?" }'], { 'cities.csv': 'city,note\nOslo,a\nLima\n' }))
    expectInputError(await runMain(['run', join(ragged, 'suite.yaml'), '--model', 'baseline', '--out', join(ragged, 'out')]), 'cities.csv:3', 'a row of 1 field where the header has 2 (city, note)')
  })

  it('vars: in a JSON Lines case file is exit 2 (one line is one case there)', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'suite.yaml': 'name: matrix\ntools: ./tools.json\ncases: ./cases.jsonl\n',
      'cases.jsonl': '{"id": "a", "vars": [{"city": "Oslo"}], "prompt": "Forecast for {{city}}?"}\n',
    })
    expectInputError(await runMain(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out')]), 'cases.jsonl:1', 'write one line per row')
  })
})
