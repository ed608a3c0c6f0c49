import { describe, expect, it } from 'vitest'
import { check, doc, errorType, fc } from './build.ts'

// Hand-made entries for every rule of bfcl-rules.md §5–§8 (verdicts as the reference states them).

const lamp = doc('home.lamp.set', {
  room: { type: 'string', description: 'Room name.' },
  level: { type: 'integer', description: 'Brightness.' },
  unit: { type: 'string', description: 'Unit (optional).' },
}, ['room', 'level'])
const lampAnswer = '[{"home.lamp.set": {"room": ["Kitchen"], "level": [40], "unit": ["percent", ""]}}]'
const simple = (args: string, answer = lampAnswer) => errorType('simple_python', [lamp], answer, fc(['home.lamp.set', args]))

describe('simple checker: names, required, unexpected, optional', () => {
  it('accepts a correct call and a case change in an optional string', () => {
    expect(simple('{"room": "Kitchen", "level": 40}')).toBeNull()
    expect(simple('{"room": "kitchen", "level": 40, "unit": "PERCENT"}')).toBeNull()
  })
  it('rejects a wrong string value', () => {
    expect(simple('{"room": "Kitchen", "level": 40, "unit": "percent!"}')).toBe('value_error:string')
  })
  it('rejects a parameter the schema does not define, and one the answer does not list', () => {
    expect(simple('{"room": "Kitchen", "level": 40, "color": "red"}')).toBe('simple_function_checker:unexpected_param')
    const noUnitAnswer = '[{"home.lamp.set": {"room": ["Kitchen"], "level": [40]}}]'
    expect(simple('{"room": "Kitchen", "level": 40, "unit": "percent"}', noUnitAnswer)).toBe('simple_function_checker:unexpected_param')
  })
  it('rejects a missing required parameter before anything else', () => {
    expect(simple('{"level": "forty"}')).toBe('simple_function_checker:missing_required')
  })
  it('reports missing_optional when an answer-mandatory parameter the schema marks optional is omitted', () => {
    const answer = '[{"home.lamp.set": {"room": ["Kitchen"], "level": [40], "unit": ["percent"]}}]'
    expect(simple('{"room": "Kitchen", "level": 40}', answer)).toBe('simple_function_checker:missing_optional')
  })
  it('checks output parameters in output key order (the first failure wins), integer-like keys included', () => {
    const d = doc('f', { '2': { type: 'integer' }, unit: { type: 'string' } }, [])
    const answer = '[{"f": {"2": [1], "unit": ["kg", ""]}}]'
    expect(errorType('simple_python', [d], answer, fc(['f', '{"unit": "lb", "2": 5}']))).toBe('value_error:string')
    expect(errorType('simple_python', [d], answer, fc(['f', '{"2": 5, "unit": "lb"}']))).toBe('value_error:others')
  })
  it('keeps the last value of a duplicate key at the first position, like json.loads', () => {
    expect(simple('{"room": "Attic", "level": 40, "room": "Kitchen"}')).toBeNull()
    expect(simple('{"room": "Kitchen", "level": 40, "room": "Attic"}')).toBe('value_error:string')
  })
  it('reports wrong_func_name for another name', () => {
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.toggle', '{"room": "Kitchen", "level": 40}']))).toBe('simple_function_checker:wrong_func_name')
  })
})

describe('name mangling (--underscore-to-dot)', () => {
  const call = (name: string, underscoreToDot: boolean) =>
    errorType('simple_python', [lamp], lampAnswer, fc([name, '{"room": "Kitchen", "level": 40}']), { underscoreToDot })
  it('dotted name: valid without the flag, wrong_func_name with it', () => {
    expect(call('home.lamp.set', false)).toBeNull()
    expect(call('home.lamp.set', true)).toBe('simple_function_checker:wrong_func_name')
  })
  it('underscored name: valid with the flag, wrong_func_name without', () => {
    expect(call('home_lamp_set', true)).toBeNull()
    expect(call('home_lamp_set', false)).toBe('simple_function_checker:wrong_func_name')
  })
})

describe('type rules (int/float lexemes, bool is not int, variables)', () => {
  const typed = (type: string, options: string, value: string, items?: string) => {
    const d = doc('t', { p: { type, ...(items ? { items: { type: items } } : {}) } }, [])
    return errorType('simple_python', [d], `[{"t": {"p": ${options}}}]`, fc(['t', `{"p": ${value}}`]))
  }
  it('integer: 10.0, true and "10" are type errors; 11 is a value error', () => {
    expect(typed('integer', '[10]', '10')).toBeNull()
    expect(typed('integer', '[10]', '10.0')).toBe('type_error:simple')
    expect(typed('integer', '[10]', 'true')).toBe('type_error:simple')
    expect(typed('integer', '[10]', '"10"')).toBe('type_error:simple')
    expect(typed('integer', '[10]', '11')).toBe('value_error:others')
  })
  it('integer param whose answer holds strings is a variable: compared by membership', () => {
    expect(typed('integer', '["n"]', '"n"')).toBeNull()
    expect(typed('integer', '["n"]', '"m"')).toBe('value_error:others')
  })
  it('float: a top-level int is converted; 5.5 vs 5.0 is a value error', () => {
    expect(typed('float', '[5.0]', '5')).toBeNull()
    expect(typed('float', '[5.0]', '5.0')).toBeNull()
    expect(typed('float', '[5.0]', '5.5')).toBe('value_error:others')
    expect(typed('float', '[5.0, ""]', '"5"')).toBe('type_error:simple')
  })
  it('boolean: "true" is a type error', () => {
    expect(typed('boolean', '[true]', 'true')).toBeNull()
    expect(typed('boolean', '[true]', '"true"')).toBe('type_error:simple')
    expect(typed('boolean', '[true]', 'false')).toBe('value_error:others')
  })
  it('any behaves as str', () => {
    expect(typed('any', '["foo", ""]', '"FOO"')).toBeNull()
    expect(typed('any', '["foo", ""]', '3')).toBe('type_error:simple')
    expect(typed('any', '["", "foo"]', 'null')).toBe('type_error:simple')
  })
  it('null as first non-"" option makes a variable: null passes by membership', () => {
    expect(typed('string', '["", null]', 'null')).toBeNull()
    expect(typed('string', '["", true]', '"x"')).toBe('value_error:others')
  })
  it('nested: int lexemes in a float array fail unless "" bypasses the item check', () => {
    expect(typed('array', '[[1.5, 2.0]]', '[1.5, 2.0]', 'float')).toBeNull()
    expect(typed('array', '[[1.5, 2.0]]', '[1.5, 2]', 'float')).toBe('type_error:nested')
    expect(typed('array', '[[12.0, 15.0]]', '[12, 15]', 'float')).toBe('type_error:nested')
    // "" accepts any items; the list check then compares with Python equality (2 == 2.0).
    expect(typed('array', '[[1.5, 2.0], ""]', '[1.5, 2]', 'float')).toBeNull()
    expect(typed('array', '[[1.5, 2.0], ""]', '[1.5, 3]', 'float')).toBe('value_error:list/tuple')
  })
  it('nested: items of the option class pass, an empty list passes any list option', () => {
    expect(typed('array', '[["a", "b"]]', '["a", "b"]', 'string')).toBeNull()
    expect(typed('array', '[[1, 2]]', '["1", "2"]', 'integer')).toBe('type_error:nested')
    expect(typed('array', '[[], ""]', '[]', 'integer')).toBeNull()
    expect(typed('array', '[[[1, 2], [3]]]', '[[1, 2], [3]]', 'array')).toBeNull()
  })
  it('array param with a non-list value is a simple type error', () => {
    expect(typed('array', '[["a"]]', '"a"', 'string')).toBe('type_error:simple')
  })
  it('ints stay exact beyond 2^53 and compare exactly with floats', () => {
    expect(typed('integer', '[9007199254740993]', '9007199254740993')).toBeNull()
    expect(typed('integer', '[9007199254740993]', '9007199254740992')).toBe('value_error:others')
    expect(typed('float', '[9007199254740992.0]', '9007199254740993')).toBeNull()
  })
  it('NaN and Infinity parse as floats (Python json.loads accepts them)', () => {
    expect(typed('float', '[1.5]', 'NaN')).toBe('value_error:others')
    expect(typed('float', '[1.5]', '-Infinity')).toBe('value_error:others')
  })
})

describe('string standardisation', () => {
  const d = doc('s', { city: { type: 'string' } }, ['city'])
  const city = (value: string) => errorType('simple_python', [d], '[{"s": {"city": ["New York, NY"]}}]', fc(['s', JSON.stringify({ city: value })]))
  it.each(['new york ny', 'NewYork,NY', 'New York, NY.', 'new_york-ny*^/'])('accepts %j', (value) => {
    expect(city(value)).toBeNull()
  })
  it.each(['New\tYork, NY', 'New York (NY)', 'New York, N.Y!'])('rejects %j', (value) => {
    expect(city(value)).toBe('value_error:string')
  })
  it("replaces ' by \" on both sides", () => {
    const q = doc('q', { text: { type: 'string' } }, ['text'])
    expect(errorType('simple_python', [q], '[{"q": {"text": ["it\\"s"]}}]', fc(['q', '{"text": "It\'s"}']))).toBeNull()
  })
})

describe('"" optional marker quirks', () => {
  const d = doc('o', { note: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, [])
  const run = (args: string, answer = '[{"o": {"note": [""], "tags": [["a"], ""]}}]') => errorType('simple_python', [d], answer, fc(['o', args]))
  it('an empty or punctuation-only string passes an optional string', () => {
    expect(run('{"note": ""}')).toBeNull()
    expect(run('{"note": " - "}')).toBeNull()
    expect(run('{"note": "x"}')).toBe('value_error:string')
  })
  it('[] passes a list whose options include ""', () => {
    expect(run('{"tags": []}')).toBeNull()
    expect(run('{"tags": ["A"]}')).toBeNull()
    expect(run('{"tags": ["b"]}')).toBe('value_error:list/tuple')
  })
  it('a required param whose only option is "" accepts only empty/punctuation strings', () => {
    const r = doc('r', { key: { type: 'string' } }, ['key'])
    expect(errorType('simple_python', [r], '[{"r": {"key": [""]}}]', fc(['r', '{"key": "_"}']))).toBeNull()
    expect(errorType('simple_python', [r], '[{"r": {"key": [""]}}]', fc(['r', '{"key": "k"}']))).toBe('value_error:string')
  })
})

describe('lists', () => {
  const d = doc('l', { names: { type: 'array', items: { type: 'string' } } }, ['names'])
  const run = (value: string) => errorType('simple_python', [d], '[{"l": {"names": [["Ann", "Bob"]]}}]', fc(['l', `{"names": ${value}}`]))
  it('standardises top-level strings; order matters', () => {
    expect(run('["ann", "BOB"]')).toBeNull()
    expect(run('["Bob", "Ann"]')).toBe('value_error:list/tuple')
    expect(run('["Ann"]')).toBe('value_error:list/tuple')
  })
  it('compares numbers in lists with Python equality (1 == 1.0 == True)', () => {
    const n = doc('n', { xs: { type: 'array', items: { type: 'integer' } } }, ['xs'])
    expect(errorType('simple_python', [n], '[{"n": {"xs": [[1, 0]]}}]', fc(['n', '{"xs": [1, 0]}']))).toBeNull()
  })
})

describe('dicts', () => {
  const d = doc('d', { filter: { type: 'dict', properties: { k: { type: 'string' }, n: { type: 'integer' } } } }, ['filter'])
  const answer = '[{"d": {"filter": [{"k": ["v"], "n": ["", 1]}]}}]'
  const run = (value: string, a = answer) => check('simple_python', [d], a, fc(['d', `{"filter": ${value}}`]))
  it('standardises string values and accepts omitted optional keys', () => {
    expect(run('{"k": "V"}').errorType).toBeNull()
  })
  it('compares other values with Python equality: true and 1.0 equal 1', () => {
    expect(run('{"k": "v", "n": true}').errorType).toBeNull()
    expect(run('{"k": "v", "n": 1.0}').errorType).toBeNull()
  })
  it('reports dict_value, dict_key for unknown and missing keys', () => {
    expect(run('{"k": "v", "n": 2}').errorType).toBe('value_error:dict_value')
    expect(run('{"k": "v", "z": 1}').errorType).toBe('value_error:dict_key')
    expect(run('{}').errorType).toBe('value_error:dict_key')
  })
  it('a dict_value failure with a missing mandatory key reports dict_key with both messages', () => {
    const strict = '[{"d": {"filter": [{"k": ["v"], "n": [1]}]}}]'
    const verdict = run('{"k": "w"}', strict)
    expect(verdict.errorType).toBe('value_error:dict_key')
    expect(verdict.errors).toEqual([
      "Invalid value for parameter 'k': 'w'. Expected one of ['v'].",
      "Missing dict key parameter: 'n'.",
    ])
  })
  it('options of only "" give dict_checker:unclear', () => {
    expect(run('{"k": "v"}', '[{"d": {"filter": [""]}}]').errorType).toBe('dict_checker:unclear')
  })
  it('a dict whose answer is a string option is a variable (membership)', () => {
    expect(run('"cfg"', '[{"d": {"filter": ["cfg"]}}]').errorType).toBeNull()
  })
})

describe('lists of dicts', () => {
  const d = doc('ld', { people: { type: 'array', items: { type: 'dict', properties: { name: { type: 'string' } } } } }, ['people'])
  const answer = '[{"ld": {"people": [[{"name": ["Ann"]}, {"name": ["Bob"]}], ""]}}]'
  const run = (value: string) => errorType('simple_python', [d], answer, fc(['ld', `{"people": ${value}}`]))
  it('in order, case-insensitive → valid', () => {
    expect(run('[{"name": "ann"}, {"name": "BOB"}]')).toBeNull()
  })
  it('swapped → the last option\'s state: list_dict_count from ""', () => {
    expect(run('[{"name": "Bob"}, {"name": "Ann"}]')).toBe('value_error:list_dict_count')
  })
  it('without "" the element failure is reported', () => {
    const strict = '[{"ld": {"people": [[{"name": ["Ann"]}]]}}]'
    expect(errorType('simple_python', [d], strict, fc(['ld', '{"people": [{"name": "Bob"}]}']))).toBe('value_error:dict_value')
    expect(errorType('simple_python', [d], strict, fc(['ld', '{"people": [{"name": "Ann"}, {"name": "Bob"}]}']))).toBe('value_error:list_dict_count')
  })
})

describe('checker dispatch: simple, multiple, parallel', () => {
  const area = doc('geo.area', { w: { type: 'integer' }, h: { type: 'integer' } }, ['w', 'h'])
  const perimeter = doc('geo.perimeter', { w: { type: 'integer' }, h: { type: 'integer' } }, ['w', 'h'])
  const one = '[{"geo.area": {"w": [2], "h": [3]}}]'
  const two = '[{"geo.area": {"w": [2], "h": [3]}}, {"geo.area": {"w": [4], "h": [5]}}]'
  const a23 = ['geo.area', '{"w": 2, "h": 3}'] as [string, string]
  const a45 = ['geo.area', '{"w": 4, "h": 5}'] as [string, string]
  it('simple: 0 or 2 calls → wrong_count; the first doc and first answer are used', () => {
    expect(errorType('simple_python', [area], one, fc())).toBe('simple_function_checker:wrong_count')
    expect(errorType('simple_python', [area], one, fc(a23, a23))).toBe('simple_function_checker:wrong_count')
    expect(errorType('live_simple', [area], one, fc(a23))).toBeNull()
  })
  it('multiple: the doc is found by the answer\'s name; 2 calls → wrong_count', () => {
    expect(errorType('multiple', [perimeter, area], one, fc(a23))).toBeNull()
    expect(errorType('multiple', [perimeter, area], one, fc(a23, a23))).toBe('multiple_function_checker:wrong_count')
    expect(errorType('live_multiple', [perimeter, area], one, fc(['geo.perimeter', '{"w": 2, "h": 3}']))).toBe('simple_function_checker:wrong_func_name')
  })
  it('parallel: order-free, count checked first', () => {
    expect(errorType('parallel', [area], two, fc(a45, a23))).toBeNull()
    expect(errorType('parallel', [area], two, fc(a23))).toBe('parallel_function_checker_no_order:wrong_count')
    expect(errorType('parallel', [area], two, fc(a23, a23))).toBe('parallel_function_checker_no_order:cannot_find_match')
  })
  it('live_parallel_multiple goes to the parallel checker (substring dispatch)', () => {
    const answer = '[{"geo.area": {"w": [2], "h": [3]}}, {"geo.perimeter": {"w": [2], "h": [3]}}]'
    expect(errorType('live_parallel_multiple', [area, perimeter], answer, fc(['geo.perimeter', '{"w": 2, "h": 3}'], a23))).toBeNull()
  })
  it('parallel matching is greedy in answer order, without backtracking', () => {
    const f = doc('f', { x: { type: 'string' } }, ['x'])
    const answer = '[{"f": {"x": ["a", "b"]}}, {"f": {"x": ["a"]}}]'
    const verdict = check('parallel', [f], answer, fc(['f', '{"x": "a"}'], ['f', '{"x": "b"}']))
    expect(verdict.errorType).toBe('parallel_function_checker_no_order:cannot_find_match')
    expect(verdict.errors[0]).toBe('Could not find a matching function among index [1] of model output for index 1 of possible answers.')
    expect(errorType('parallel', [f], answer, fc(['f', '{"x": "b"}'], ['f', '{"x": "a"}']))).toBeNull()
  })
  it('a possible answer naming a function absent from the docs is reported as a checker crash', () => {
    expect(errorType('multiple', [perimeter], one, fc(a23))).toBe('bfcl:checker_crash')
  })
})

describe('decoder (FC)', () => {
  it('invalid argument JSON, a text reply, null and lists of text → decoder_failed', () => {
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '{"room": "Kitchen",}']))).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '']))).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', "{'room': 'Kitchen'}"]))).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [lamp], lampAnswer, 'I would set the lamp.', { mode: 'fc' })).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [lamp], lampAnswer, null, { mode: 'fc' })).toBe('ast_decoder:decoder_failed')
    expect(errorType('simple_python', [lamp], lampAnswer, ['some text'], { mode: 'fc' })).toBe('ast_decoder:decoder_failed')
  })
  it('valid JSON that is not an object → decoder_wrong_output_format', () => {
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '[]']))).toBe('ast_decoder:decoder_wrong_output_format')
    expect(errorType('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '5']))).toBe('ast_decoder:decoder_wrong_output_format')
  })
  it('"" and [] decode to no calls → wrong_count', () => {
    expect(errorType('simple_python', [lamp], lampAnswer, '', { mode: 'fc' })).toBe('simple_function_checker:wrong_count')
    expect(errorType('simple_python', [lamp], lampAnswer, [], { mode: 'fc' })).toBe('simple_function_checker:wrong_count')
  })
})

describe('messages', () => {
  it('use Python repr', () => {
    expect(check('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '{"room": "Kitchen", "level": 40.0}'])).errors)
      .toEqual(["Incorrect type for parameter 'level'. Expected type integer, got float. Parameter value: 40.0."])
    expect(check('simple_python', [lamp], lampAnswer, fc(['home.lamp.set', '{"room": "Kitchen", "level": 40, "unit": "it\'s"}'])).errors)
      .toEqual(["Invalid value for parameter 'unit': \"it's\". Expected one of ['percent', '']. Case insensitive."])
  })
})
