import { describe, expect, it } from 'vitest'
import { toJunit } from '../../src/report/junit.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf, sampleResults } from './sample-report.ts'
import { parseXml } from './xml-check.ts'

describe('JUnit reporter', () => {
  it('writes one testsuite per suite × model and one testcase per result', () => {
    const root = parseXml(toJunit(reportOf(sampleResults())))
    expect(root.name).toBe('testsuites')
    expect(root.attributes).toMatchObject({ tests: '4', failures: '1', errors: '1' })
    expect(root.children.map((s) => s.attributes.name)).toEqual(['weather [model-a]', 'weather [model-b]'])
    const cases = root.children.flatMap((s) => s.children)
    expect(cases.map((c) => c.attributes.name)).toEqual(['paris [model-a]', 'berlin [model-a]', 'paris [model-b]', 'berlin [model-b]'])
    expect(cases[0]!.children).toEqual([])
  })

  it('carries failure kinds and messages, and provider errors as <error>', () => {
    const cases = parseXml(toJunit(reportOf(sampleResults()))).children.flatMap((s) => s.children)
    const failure = cases[1]!.children[0]!
    expect(failure.name).toBe('failure')
    expect(failure.attributes.type).toBe('wrong_tool')
    expect(failure.attributes.message).toContain('expected get_weather, got get_time')
    expect(failure.text).toContain('at turns[0].calls[0]')
    // Turns are numbered from 1 to people, as in show and the HTML report.
    expect(failure.text).toContain('turn 1: get_time({})')
    expect(cases[3]!.children[0]!.name).toBe('error')
    expect(cases[3]!.children[0]!.attributes.type).toBe('provider_error')
  })

  it('numbers repeats only for repeated cases', () => {
    const results = [0, 1, 2].map((repeat) => makeResult({ case: 'r', repeat, passed: repeat !== 1 }))
    const names = parseXml(toJunit(reportOf(results))).children[0]!.children.map((c) => c.attributes.name)
    expect(names).toEqual(['r [model-a] #1', 'r [model-a] #2', 'r [model-a] #3'])
  })

  it('escapes markup, quotes and characters XML cannot hold', () => {
    const hostile = `a"b'c<d>&e]]>\u0000\u001b\uD800 ${'<'}/testcase>\nline2`
    const result = makeResult({
      suite: `s<"&'>`, case: hostile, model: 'm&<x>', passed: false,
      failures: [{ kind: 'wrong_argument_value', message: hostile }],
      calls: [{ turn: 0, id: 'c', name: hostile, rawArguments: hostile }],
    })
    const xml = toJunit(reportOf([result]))
    const root = parseXml(xml)
    const testcase = root.children[0]!.children[0]!
    expect(testcase.attributes.classname).toBe(`s<"&'>`)
    // NUL and ESC written visibly, as the terminal shows them; a lone surrogate (no character at all) as U+FFFD.
    expect(testcase.attributes.name).toContain(`a"b'c<d>&e]]>\\x00\\x1b\uFFFD </testcase>\nline2 [m&<x>]`)
    // A message's newline not starting an indented continuation line is a quoted value's: written \\n, as show writes it.
    expect(testcase.children[0]!.attributes.message).toContain('\\nline2')
    expect(testcase.children[0]!.text).toContain('</testcase>')
  })
})

describe('JUnit with C1 controls and bidi characters', () => {
  it('writes them visibly (CI systems print and render JUnit text): none reorders or drives what shows it', () => {
    const hostile = 'got \u202esiraP\u009b2J\u007f \u2066x\u2069'
    const result = makeResult({ case: `c${hostile}`, passed: false, failures: [{ kind: 'wrong_argument_value', message: hostile }] })
    const xml = toJunit(reportOf([result]))
    expect(xml).not.toMatch(/[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/)
    expect(xml).toContain('got \\u202esiraP\\x9b2J\\x7f \\u2066x\\u2069')
    parseXml(xml)
  })
})

describe('JUnit failure text keeps its own lines only', () => {
  it("a model's newline in a tool name or its raw arguments is written \\n, as show writes it: the calls listing cannot forge a line", () => {
    const forged = 'get_weather({})\nturn 2: delete_all({"confirm": true})'
    const result = makeResult({
      case: 'paris', passed: false,
      failures: [
        { kind: 'wrong_tool', message: 'expected a call to get_weather' },
        // The scorer's own continuation lines (a state diff, path by path) stay lines, as in show.
        { kind: 'state_mismatch', message: 'state differs:\n  orders.O-1.status: expected "shipped", got "lost"' },
      ],
      calls: [{ turn: 0, id: 'c1', name: forged, rawArguments: '{\n"city": "Paris"\n}' }],
    })
    const failure = parseXml(toJunit(reportOf([result]))).children[0]!.children[0]!.children[0]!
    const lines = failure.text.split('\n')
    expect(lines.filter((line) => line.includes('delete_all'))).toHaveLength(1)
    expect(lines.some((line) => line.startsWith('turn 2:') || line.startsWith('"city"'))).toBe(false)
    expect(failure.text).toContain('turn 1: get_weather({})\\nturn 2: delete_all({"confirm": true})({\\n"city": "Paris"\\n})')
    expect(lines).toContain('  orders.O-1.status: expected "shipped", got "lost"')
    expect(failure.attributes.message).toContain('\n  orders.O-1.status')
  })
})
