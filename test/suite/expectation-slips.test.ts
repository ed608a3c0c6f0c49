import { describe, expect, it } from 'vitest'
import { matchValue } from '../../src/matchers/argument-matchers.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([
  {
    name: 'create_note',
    description: 'Create a note',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        count: { type: 'integer', minimum: 1, maximum: 10 },
        filter: { type: 'object', properties: { regex: { type: 'string' }, any: { type: 'boolean' } } },
        tags: { type: 'array', items: { type: 'string' } },
        ids: { type: 'array', items: { type: 'integer' } },
      },
      required: ['title'],
      additionalProperties: false,
    },
  },
])

/** Loads a suite whose one case expects a call with these args (YAML flow text), or with these stub entries. */
function load(args: string, extra = '') {
  const dir = tempFiles({
    'tools.json': tools,
    'suite.yaml': `name: s\ntools: ./tools.json\n${extra}cases:\n  - id: a\n    prompt: hi\n    expect:\n      calls:\n        - name: create_note\n          args: ${args}\n`,
  })
  return loadSuite(`${dir}/suite.yaml`)
}

/** The error loading a suite of these tools and this text after its name and tools fails with. */
async function suiteError(text: string): Promise<string> {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': `name: s\ntools: ./tools.json\n${text}` })
  try {
    await loadSuite(`${dir}/suite.yaml`)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('loaded without an error')
}

async function slip(args: string, extra = ''): Promise<string> {
  try {
    await load(args, extra)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('loaded without an error')
}

describe('expectations are checked against the tool schema before any model call', () => {
  it('an argument key the schema does not define, with a suggestion, file, line and field', async () => {
    const message = await slip('{ titel: Groceries }')
    expect(message).toMatch(/suite\.yaml:9: cases\.0\.expect\.calls\.0\.args\.titel: "titel" is not a parameter the schema defines \(did you mean "title"\?\)/)
  })

  it("a stub's `when` key the schema does not define", async () => {
    const message = await slip('{ title: x }', 'stubs:\n  create_note:\n    - when: { titl: x }\n      result: ok\n')
    expect(message).toMatch(/stubs\.create_note\.0\.when\.titl: "titl" is not a parameter.*did you mean "title"/)
  })

  it('a value the schema can never accept: an enum value not in the enum, a string for an integer', async () => {
    expect(await slip('{ title: x, unit: farenheit }')).toMatch(/args\.unit: "farenheit" can never be a valid value of "unit": expected one of "celsius", "fahrenheit" \(did you mean "fahrenheit"\?\)/)
    expect(await slip('{ title: x, count: "3" }')).toMatch(/args\.count: "3" can never be a valid value of "count": must be integer: "3" is a string of a number: write 3, not "3"/)
    expect(await slip('{ title: x, count: 11 }')).toMatch(/args\.count: 11 can never be a valid value/)
    // The quotes are named only when the number itself would do: out of range, not an integer or not a number, no hint.
    for (const text of ['"30"', '"3.5"', '"three"', '"0x3"']) expect(await slip(`{ title: x, count: ${text} }`)).toMatch(/: must be integer \(tool "create_note"\)$/)
    expect(await slip('{ title: x, tags: [[1]] }')).toMatch(/args\.tags\.0: \[1\] can never be a valid value of "tags": at \/0 must be string/)
  })

  it('a matcher counts as every value it admits', async () => {
    await expect(load('{ title: { regex: "^G" }, unit: [celsius, farenheit], count: { range: [5, 20] }, tags: { any: true } }')).resolves.toBeDefined()
    expect(await slip('{ title: x, unit: [farenheit, kelvin] }')).toMatch(/args\.unit\.0: "farenheit" can never be/)
    expect(await slip('{ title: x, count: { regex: "1" } }')).toMatch(/args\.count: a regex matches strings, but "count" is of type integer/)
    expect(await slip('{ title: x, count: { range: [20, 30] } }')).toMatch(/range \[20, 30\] lies outside what the schema allows for "count" \(\[1, 10\]\)/)
    expect(await slip('{ title: { absent: true } }')).toMatch(/\{ absent: true \} on "title", which the schema requires/)
    expect(await slip('{ title: x, count: { anyOf: ["a", "b"] } }')).toMatch(/args\.count\.anyOf\.0: "a" can never be/)
  })

  it('a matcher-like object with non-matcher keys on a parameter that is not an object', async () => {
    expect(await slip('{ title: { regexp: "^G" } }')).toMatch(/args\.title\.regexp: "title" is not an object.*"regexp" is no matcher key \(did you mean "regex"\?\)/)
  })

  it('{ literal: … } matches an argument object that really has matcher-named keys', async () => {
    const suite = await load('{ title: x, filter: { literal: { regex: "a+", any: true } } }')
    const matcher = suite.cases[0]!.expect.calls[0]!.args!.filter
    expect(matchValue(matcher, { regex: 'a+', any: true }).ok).toBe(true)
    expect(matchValue(matcher, { regex: 'a+' }).ok).toBe(false)
    expect(matchValue(matcher, 'aaa').ok).toBe(false)
    // Nested keys of an object parameter are checked too.
    expect(await slip('{ title: x, filter: { regx: "a" } }')).toMatch(/args\.filter\.regx: "regx" is not a parameter.*did you mean "regex"/)
  })

  it('a parameter whose schema cannot stand alone (a $ref to a sibling property) is left to the run, not a crash', async () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' }, home: { $ref: '#/properties/city' } } }
    const dir = tempFiles({
      'tools.json': JSON.stringify([{ name: 'move', description: 'Move', parameters }]),
      'suite.yaml': 'name: s\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expect:\n      calls:\n        - name: move\n          args: { home: Paris }\n',
    })
    const suite = await loadSuite(`${dir}/suite.yaml`)
    expect(suite.cases[0]!.expect.calls[0]!.args).toEqual({ home: 'Paris' })
  })

  it("imported BFCL suites keep BFCL's ground truth and rules: only the matchers' form is checked", async () => {
    await expect(load('{ title: x, count: "3", journey_start_time: ["10:00"] }', 'matching: bfcl\n')).resolves.toBeDefined()
  })
})

describe("a field named as the provider APIs name it gets the suite's name suggested", () => {
  /** The load error of a suite whose one case expects this call (YAML lines under `- `). */
  const loadError = (call: string): Promise<string> => suiteError(`cases:\n  - id: a\n    prompt: hi\n    expect:\n      calls:\n        - ${call}\n`)

  it('a tool call\'s "arguments" (the API\'s and the scripted models\' name) is "args" here, its "tool" is "name"', async () => {
    const message = await loadError('tool: create_note\n          arguments: { title: x }')
    expect(message).toContain('cases.0.expect.calls.0.arguments: unknown field "arguments" (did you mean "args"?)')
    expect(message).toContain('cases.0.expect.calls.0.tool: unknown field "tool" (did you mean "name"?)')
  })
})

// `amount: "100"` where the schema says number: YAML kept the quotes, and the case could never pass. Said on the
// command line as bad input (exit 2, no stack) with the way out, before any model call.
it('a quoted number for a number parameter is exit 2 saying to drop the quotes', async () => {
  const dir = tempFiles({
    'tools.json': JSON.stringify([{ name: 'pay', description: 'Pay', parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } }]),
    'suite.yaml': 'name: s\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: pay 100\n    expect:\n      calls:\n        - name: pay\n          args: { amount: "100" }\n',
  })
  const result = await runMain(['run', `${dir}/suite.yaml`, '--model', 'baseline', '--out', `${dir}/out`])
  expect(result.code, result.stderr).toBe(2)
  expect(result.stderr).toContain('suite.yaml:9: cases.0.expect.calls.0.args.amount: "100" can never be a valid value of "amount": must be number: "100" is a string of a number: write 100, not "100" (tool "pay")\n')
  expect(result.stderr).not.toMatch(/\n\s+at /)
})

// A quoted number inside an array once got ajv's bare "at /0 must be integer", while the same slip at the top level
// said what to write: the element is unquoted where the error points, and named when that would do.
describe('a quoted number inside an array argument', () => {
  it('is named at its place, with what to write', async () => {
    expect(await slip('{ title: x, ids: [["1", 2]] }')).toContain('args.ids.0: ["1",2] can never be a valid value of "ids": at /0 must be integer: "1" is a string of a number: write 1, not "1" (tool "create_note")')
    expect(await slip('{ title: x, ids: { literal: [1, "2"] } }')).toContain('args.ids: [1,"2"] can never be a valid value of "ids": at /1 must be integer: "2" is a string of a number: write 2, not "2"')
    // Named even when another element is wrong too; not when the number itself would be wrong there.
    expect(await slip('{ title: x, ids: [["1", "x"]] }')).toContain('at /0 must be integer: "1" is a string of a number: write 1, not "1"')
    expect(await slip('{ title: x, ids: [["1.5"]] }')).toMatch(/at \/0 must be integer \(tool "create_note"\)$/)
  })

  // `ids: [1, 2]` reads as the list of acceptable values "1 or 2", neither an array: once "1 can never be a valid
  // value of "ids": must be array", which leaves a newcomer no way to see that the array wants its own brackets.
  it('a list of non-arrays for an array parameter says how an array is written, and what is wrong inside it', async () => {
    expect(await slip('{ title: x, ids: [1, 2] }')).toContain('args.ids: [1,2] lists acceptable values of "ids" and none is an array: the array itself is [[1,2]] or { literal: [1,2] } (tool "create_note")')
    expect(await slip('{ title: x, ids: ["1", 2] }')).toContain('args.ids: ["1",2] lists acceptable values of "ids" and none is an array: the array itself is [["1",2]] or { literal: ["1",2] }, where at /0 must be integer: "1" is a string of a number: write 1, not "1" (tool "create_note")')
    await expect(load('{ title: x, ids: [[1, 2], [2, 1]] }')).resolves.toBeDefined()
  })

  // A list is the acceptable values (BFCL's convention), so `ids: []` names none: not even the model's `ids: []`
  // matches it. It loaded, and the case failed every run with "expected one of []".
  it('an empty list admits no value: the empty array is written [[]]', async () => {
    expect(matchValue([], []).ok).toBe(false)
    expect(await slip('{ title: x, ids: [] }')).toContain('suite.yaml:9: cases.0.expect.calls.0.args.ids: [] lists the acceptable values of "ids" and names none, so no call can match it: the empty array is [[]] or { literal: [] } (tool "create_note")')
    expect(await slip('{ title: [] }')).toContain('args.title: [] lists the acceptable values of "title" and names none, so no call can match it (tool "create_note")')
    expect(await slip('{ title: x, ids: { anyOf: [[1], []] } }')).toContain('args.ids.anyOf.0: [1] lists acceptable values')
    expect(matchValue([[]], []).ok).toBe(true)
    await expect(load('{ title: x, ids: [[]] }')).resolves.toBeDefined()
  })

  it('stops the run with exit 2 and no stack', async () => {
    const dir = tempFiles({
      'tools.json': JSON.stringify([{ name: 'get', description: 'Get', parameters: { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } }, required: ['ids'] } }]),
      'suite.yaml': 'name: s\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: get 1 and 2\n    expect:\n      calls:\n        - name: get\n          args: { ids: [["1", 2]] }\n',
    })
    const result = await runMain(['run', `${dir}/suite.yaml`, '--model', 'baseline', '--out', `${dir}/out`])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toContain('suite.yaml:9: cases.0.expect.calls.0.args.ids.0: ["1",2] can never be a valid value of "ids": at /0 must be integer: "1" is a string of a number: write 1, not "1" (tool "get")\n')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})

// YAML 1.2 reads `no_call: yes` (YAML 1.1's and GitHub Actions' boolean) and a quoted `"30"` as strings: once a bare
// "expected boolean", which leaves the newcomer looking at what reads as a boolean.
describe('a suite field given a string of a boolean or a number says what to write', () => {
  it('yes, on, "false", "30"', async () => {
    const noCall = (value: string) => suiteError(`cases:\n  - id: a\n    prompt: hi\n    expect:\n      no_call: ${value}\n`)
    expect(await noCall('yes')).toContain('suite.yaml:7: cases.0.expect.no_call: expected boolean, got the string "yes": write true')
    expect(await noCall('off')).toContain('expected boolean, got the string "off": write false')
    expect(await noCall('"false"')).toContain('expected boolean, got the string "false": write false')
    expect(await noCall('maybe')).toMatch(/no_call: expected boolean$/m)
    expect(await suiteError('stub_timeout: "30"\ncases:\n  - id: a\n    prompt: hi\n    expect: { no_call: true }\n')).toContain('stub_timeout: expected number, got the string "30": write 30')
  })

  // A seconds field given a duration with a unit was a bare "expected number".
  it('stub_timeout: 30s, a case\'s 2m, an MCP server\'s timeout: { call: 700ms }: a number of seconds, what to write', async () => {
    const rest = 'cases:\n  - id: a\n    prompt: hi\n    expect: { no_call: true }\n'
    expect(await suiteError(`stub_timeout: 30s\n${rest}`)).toContain('suite.yaml:3: stub_timeout: expected a number of seconds, got the string "30s": write 30')
    expect(await suiteError(`${rest}    stub_timeout: 2m\n`)).toContain('suite.yaml:7: cases.0.stub_timeout: expected a number of seconds, got the string "2m": write 120')
    const dir = tempFiles({ 'suite.yaml': `name: s\ntools:\n  - { mcp: { command: node server.mjs, timeout: { call: 700ms } } }\n${rest}` })
    await expect(loadSuite(`${dir}/suite.yaml`)).rejects.toThrow('tools.0.mcp.timeout.call: expected a number of seconds, got the string "700ms": write 0.7')
    // Another number field keeps the plain error.
    expect(await suiteError(`max_turns: 3s\n${rest}`)).toMatch(/max_turns: expected integer$/m)
  })

  // A single value where a list goes (`calls: { name: x }`, `tools: get_weather`), and a call written as its name,
  // were a bare "expected array" / "expected object".
  it('one value where a list goes, and a call given as its name, say how to write it', async () => {
    const expectText = (text: string) => suiteError(`cases:\n  - id: a\n    prompt: hi\n    expect:\n${text}`)
    expect(await expectText('      calls: { name: create_note }\n')).toContain('suite.yaml:7: cases.0.expect.calls: expected array, got one object: put it in a list ([{ … }], or a "- " item)')
    expect(await expectText('      forbid: create_note\n')).toContain('cases.0.expect.forbid: expected array, got the string "create_note": write ["create_note"]')
    expect(await suiteError('cases:\n  - id: a\n    prompt: hi\n    tools: create_note\n')).toContain('suite.yaml:6: cases.0.tools: expected array, got the string "create_note": write ["create_note"]')
    expect(await expectText('      calls: [create_note]\n')).toContain('cases.0.expect.calls.0: expected object, got the string "create_note": a call is written { name: "create_note" }')
    expect(await expectText('      forbid: [create_note]\n')).toContain('cases.0.expect.forbid.0: expected object, got the string "create_note": a call is written { name: "create_note" }')
  })

  it('a case\'s tools: naming no tool of the suite, with did you mean', async () => {
    expect(await suiteError('cases:\n  - id: a\n    prompt: hi\n    tools: [create_note, create_ntoe]\n')).toContain('suite.yaml:6: cases.0.tools.1: no tool named "create_ntoe" in this suite (did you mean "create_note"?) (tools: create_note)')
  })
})

// A field of a oneOf got one line per branch: the hinted error, then "also line 6, …: expected object" (the other
// form), which reads as a second error.
describe('a field of two forms (oneOf) given neither says so once', () => {
  const rest = 'cases:\n  - id: a\n    prompt: hi\n'
  const only = (message: string) => message.replace(/^.*suite\.yaml:/, '').replaceAll(/ \S*\/suite\.yaml:/g, ' suite.yaml:')
  it('the branch with a hint alone: tool_choice: requird, max_tool_tokens: 1.2k, cases as a mapping', async () => {
    expect(only(await suiteError(`${rest}    tool_choice: requird\n`))).toBe('6: cases.0.tool_choice: expected one of "auto", "none", "required" (did you mean "required"?)')
    expect(only(await suiteError(`max_tool_tokens: 1.2k\n${rest}`))).toBe('3: max_tool_tokens: expected number, got the string "1.2k": write 1200')
    expect(only(await suiteError('cases:\n  a: { prompt: hi }\n'))).toBe('3: cases: expected array, got one object: put it in a list ([{ … }], or a "- " item)')
  })

  it('no hint: what the field takes, in one line; a value of one form is told that form\'s error', async () => {
    expect(only(await suiteError(`${rest}    tool_choice: 3\n`))).toBe('6: cases.0.tool_choice: expected one of: "auto", "none", "required", or { name: … }')
    expect(only(await suiteError(`max_tool_tokens: many\n${rest}`))).toBe('3: max_tool_tokens: expected one of: a number, or { total: …, tools: … }')
    expect(only(await suiteError(`max_tool_tokens: -1\n${rest}`))).toBe('3: max_tool_tokens: expected a value that must be >= 0')
    // The object form misspelled: its own errors, still two ("also" is for those), not the "auto" form's.
    expect(only(await suiteError(`${rest}    tool_choice: { nam: f }\n`))).toBe('6: cases.0.tool_choice.nam: unknown field "nam" (did you mean "name"?)\n  also: suite.yaml:6: cases.0.tool_choice.name: missing required field "name"')
  })
})
