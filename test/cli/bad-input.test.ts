import { describe, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])

/** Runs `toolgauge run` on a suite written from text and returns the result. */
function runSuite(suite: string, extra: Record<string, string> = {}, model = 'baseline') {
  const dir = tempFiles({ 'tools.json': tools, ...extra, 'suite.yaml': suite })
  return runCli(['run', `${dir}/suite.yaml`, '--model', model, '--out', `${dir}/out`], { cwd: dir })
}

describe('bad input gets exit 2 and a message naming the file, line and field', () => {
  it('YAML syntax error', () => {
    expectInputError(runSuite('name: x\ncases:\n  - id: a\n    prompt: "unterminated\n'), 'suite.yaml:', 'invalid YAML')
  })

  it('unknown field', () => {
    expectInputError(runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expectt: {}\n'), 'suite.yaml:6', 'cases.0.expectt', 'unknown field')
  })

  it('bad matcher', () => {
    expectInputError(runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expect:\n      calls:\n        - name: get_weather\n          args: { city: { range: [1] } }\n'), 'suite.yaml:9', 'cases.0.expect.calls.0.args.city.range', '[min, max]')
  })

  it('duplicate case id', () => {
    expectInputError(runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n  - id: a\n    prompt: ho\n'), 'suite.yaml:6', 'cases.1.id', 'duplicate case id "a"')
  })

  it('missing tools file', () => {
    expectInputError(runSuite('name: x\ntools: ./nope.json\ncases:\n  - id: a\n    prompt: hi\n'), 'suite.yaml:2', 'tools', 'tools file not found')
  })

  it('a tool whose parameters is not a valid JSON Schema', () => {
    const badTools = JSON.stringify([{ name: 't', parameters: { type: 'object', properties: { a: { type: 'strng' } } } }])
    expectInputError(runSuite('name: x\ntools: ./bad-tools.json\ncases:\n  - id: a\n    prompt: hi\n', { 'bad-tools.json': badTools }), 'bad-tools.json', '0.parameters', 'not a valid JSON Schema', 'type "strng" is not a JSON Schema type (did you mean "string"?)')
  })

  it('a wrong type and a missing required field', () => {
    expectInputError(runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    max_turns: many\n'), 'suite.yaml:6', 'cases.0.max_turns', 'expected integer')
    expectInputError(runSuite('name: x\ntools: ./tools.json\n'), 'suite.yaml', 'cases', 'missing required field "cases"')
  })

  it('a reference to an unknown tool and a missing live stub export', () => {
    expectInputError(runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    tools: [get_wether]\n'), 'suite.yaml:6', 'cases.0.tools.0', 'no tool named "get_wether"')
    expectInputError(runSuite('name: x\ntools: ./tools.json\nstubs:\n  get_weather: { module: ./stubs.ts, export: nope }\ncases:\n  - id: a\n    prompt: hi\n', { 'stubs.ts': 'export const weather = () => 1\n', 'package.json': '{"type":"module"}' }), 'suite.yaml:4', 'stubs.get_weather.module', 'no exported function "nope"')
  })

  it('a scripted file without a case', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n  - id: b\n    prompt: ho\n', 'script.yaml': 'a:\n  - content: hello\n' })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--out', 'out'], { cwd: dir }), 'script.yaml', 'no script for case "x/b"')
  })

  it('a malformed scripted turn', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n', 'script.yaml': 'a:\n  - tool_calls:\n      - { id: c1, arguments: "{}" }\n' })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--out', 'out'], { cwd: dir }), 'script.yaml:3', 'a.0.tool_calls.0.name')
  })

  // A case with two bad fields told only the first.
  it('a case file\'s case with two bad fields names both, no stack', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases: ./cases.jsonl\n', 'cases.jsonl': '{"id":"a","prompt":"hi"}\n{"id":"b","prompt":"hi","max_turns":"many","tool_choice":"requird"}\n' })
    expectInputError(runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir }), 'cases.jsonl:2: tool_choice: expected one of "auto", "none", "required" (did you mean "required"?)\n  also: ', 'cases.jsonl:2: max_turns: expected integer')
  })

  it('bad flags', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--concurrency', 'zero']), '--concurrency', 'expected an integer')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--min-accuracy', '1.5']), '--min-accuracy')
    expectInputError(runCli(['run', 'suites', '--model', 'gpt-4']), '--model', 'unknown model spec "gpt-4"')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--frobnicate']), 'unknown flag "--frobnicate"')
    expectInputError(runCli(['run', 'no/such/dir', '--model', 'baseline']), 'no such file or folder')
  })
})
