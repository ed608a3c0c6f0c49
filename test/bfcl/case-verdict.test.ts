import { describe, expect, it } from 'vitest'
import { bfclCaseVerdict, bfclFailureKind } from '../../src/bfcl/case-verdict.ts'
import { pyRepr } from '../../src/bfcl/py/repr.ts'
import { resultToTurn } from '../../src/bfcl/to-scripted.ts'
import { pyJsonLoads } from '../../src/bfcl/py/json.ts'
import { failureKinds } from '../../src/core/result.ts'

const functions = [{ name: 'pay.send', description: 'Send money.', parameters: { type: 'dict', properties: { amount: { type: 'float' }, to: { type: 'string' } }, required: ['amount', 'to'] } }]
const bfcl = { category: 'simple_python', answer: '[{"pay.send": {"amount": [20.0], "to": ["Ann"]}}]', functions, underscore_to_dot: true }
const call = (name: string, rawArguments: string) => ({ calls: [{ name, rawArguments }], text: '' })

describe('bfclCaseVerdict', () => {
  it('scores FC calls from their raw argument strings, with the suite\'s name mangling', () => {
    expect(bfclCaseVerdict(bfcl, call('pay_send', '{"amount": 20, "to": "ann"}'))).toEqual({ valid: true, errorType: null, error: '' })
    expect(bfclCaseVerdict(bfcl, call('pay.send', '{"amount": 20, "to": "ann"}')).errorType).toBe('simple_function_checker:wrong_func_name')
    expect(bfclCaseVerdict(bfcl, call('pay.send', '{"amount": 20, "to": "ann"}'), { underscoreToDot: false }).valid).toBe(true)
    expect(bfclCaseVerdict(bfcl, call('pay_send', '{"amount": 20, "to": "Bo"}')).error)
      .toBe("Invalid value for parameter 'to': 'Bo'. Expected one of ['Ann']. Case insensitive.")
  })
  it('decodes a turn without calls as prompt-mode text (dotted names, no mangling)', () => {
    expect(bfclCaseVerdict(bfcl, { calls: [], text: "[pay.send(amount=20.0, to='Ann')]" }).valid).toBe(true)
    expect(bfclCaseVerdict(bfcl, { calls: [], text: 'Sent!' }).errorType).toBe('ast_decoder:decoder_failed')
  })
  it('keeps the int/float distinction of an answer given as JSON text, and approximates it for data', () => {
    const integer = { category: 'simple_python', answer: '[{"f": {"n": [2]}}]', functions: [{ name: 'f', parameters: { type: 'dict', properties: { n: { type: 'integer' } }, required: [] } }] }
    expect(bfclCaseVerdict(integer, call('f', '{"n": 2.0}')).errorType).toBe('type_error:simple')
    expect(bfclCaseVerdict({ ...integer, answer: [{ f: { n: [2] } }] }, call('f', '{"n": 2}')).valid).toBe(true)
  })
  it('scores relevance categories without an answer', () => {
    expect(bfclCaseVerdict({ category: 'irrelevance', answer: null, functions }, { calls: [], text: 'No.' }).valid).toBe(true)
    expect(bfclCaseVerdict({ category: 'live_irrelevance', answer: null, functions }, call('pay_send', '{}')).errorType).toBe('irrelevance_error:decoder_success')
  })
})

describe('bfclFailureKind', () => {
  it('maps every BFCL error_type onto a toolgauge failure kind', () => {
    const table: Record<string, string> = {
      'ast_decoder:decoder_failed': 'malformed_arguments',
      'ast_decoder:decoder_wrong_output_format': 'malformed_arguments',
      'simple_function_checker:wrong_func_name': 'wrong_tool',
      'simple_function_checker:missing_required': 'missing_required',
      'simple_function_checker:unexpected_param': 'hallucinated_param',
      'simple_function_checker:missing_optional': 'wrong_argument_value',
      'simple_function_checker:wrong_count': 'missing_call',
      'multiple_function_checker:wrong_count': 'missing_call',
      'parallel_function_checker_no_order:wrong_count': 'missing_call',
      'parallel_function_checker_no_order:cannot_find_match': 'wrong_argument_value',
      'type_error:simple': 'schema_violation',
      'type_error:nested': 'schema_violation',
      'value_error:string': 'wrong_argument_value',
      'value_error:list/tuple': 'wrong_argument_value',
      'value_error:others': 'wrong_argument_value',
      'value_error:dict_key': 'wrong_argument_value',
      'value_error:dict_value': 'wrong_argument_value',
      'value_error:list_dict_count': 'wrong_argument_value',
      'dict_checker:unclear': 'wrong_argument_value',
      'list_dict_checker:unclear': 'wrong_argument_value',
      'irrelevance_error:decoder_success': 'unexpected_call',
      'relevance_error:decoder_failed': 'missing_call',
      'bfcl:checker_crash': 'wrong_argument_value',
    }
    for (const [errorType, kind] of Object.entries(table)) {
      expect(bfclFailureKind(errorType), errorType).toBe(kind)
      expect(failureKinds).toContain(bfclFailureKind(errorType))
    }
    expect(bfclFailureKind('parallel_function_checker_no_order:wrong_count', { actual: 3, expected: 2 })).toBe('unexpected_call')
    expect(bfclFailureKind('simple_function_checker:wrong_count', { actual: 0, expected: 1 })).toBe('missing_call')
  })
})

describe('resultToTurn (scripted replay)', () => {
  it('turns FC lists into tool calls with raw argument strings, everything else into text', () => {
    expect(resultToTurn(pyJsonLoads('[{"a_b": "{\\"x\\": 5.0}"}]'))).toEqual({ tool_calls: [{ id: 'call_0', name: 'a_b', arguments: '{"x": 5.0}' }] })
    expect(resultToTurn('[f(x=1)]')).toEqual({ content: '[f(x=1)]' })
    expect(resultToTurn([])).toEqual({ content: '' })
    expect(resultToTurn(null)).toEqual({ content: 'null' })
    expect(resultToTurn(pyJsonLoads('[{"f": {"x": 1}}]'))).toEqual({ content: '[{"f": {"x": 1}}]' })
    expect(pyRepr(pyJsonLoads('["text"]'))).toBe("['text']")
  })
})
