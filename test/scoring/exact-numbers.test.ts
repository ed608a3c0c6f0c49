import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { argumentDiffText } from '../../src/report/argument-diff.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const tools: ToolDefinition[] = [{
  name: 'lookup',
  parameters: { type: 'object', properties: { id: { type: 'integer' }, n: { type: 'number' } }, additionalProperties: false },
}]

describe('a number JavaScript cannot hold is judged by its exact value', () => {
  it('a big integer one off the expected is a wrong value, not a pass (JSON.parse reads both as 12345678901234567000)', async () => {
    const expected = Number('12345678901234567890')
    const testCase = makeCase({ tools, expect: { calls: [{ name: 'lookup', args: { id: expected } }] } })
    const { score, transcript } = await runScripted(testCase, [turn('', ['lookup', '{"id": 12345678901234567891}']), turn('Done.')])
    expect(kinds(score)).toEqual(['wrong_argument_value'])
    const wrong = score.failures[0]
    expect(wrong?.message).toBe('lookup: argument id was 12345678901234567891, expected 12345678901234567000')
    // The stored row is JSON: JavaScript's reading in `actual`, the model's digits in `actualText`; the diff shows those.
    expect(wrong?.arguments).toEqual([{ argument: 'id', expected: '12345678901234567000', actual: 12345678901234567000, actualText: '12345678901234567891', matches: false }])
    expect(argumentDiffText(JSON.parse(JSON.stringify(wrong)), '  ')).toContain('  + id: 12345678901234567891')
    // The transcript keeps what the model sent; the tool was run (the call is schema-valid).
    expect(transcript.turns[0]?.calls[0]?.rawArguments).toBe('{"id": 12345678901234567891}')
    expect(transcript.turns[0]?.toolResults[0]?.source).not.toBe('rejected')
  })

  it('the expected number written exactly passes; range and forbid read the exact value too', async () => {
    const exact = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'lookup', args: { id: Number('12345678901234567000') } }] } }), [turn('', ['lookup', '{"id": 12345678901234567000}']), turn('Done.')])
    expect(exact.score.failures).toEqual([])
    // 2^53 + 1 reads as 2^53, inside [0, 2^53]; its exact value is not.
    const range = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'lookup', args: { id: { range: [0, 2 ** 53] } } }] } }), [turn('', ['lookup', '{"id": 9007199254740993}']), turn('Done.')])
    expect(kinds(range.score)).toEqual(['wrong_argument_value'])
    expect(range.score.failures[0]?.message).toBe('lookup: argument id was 9007199254740993, expected a number in [0, 9007199254740992]')
    const forbid = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'lookup' }], forbid: [{ name: 'lookup', args: { id: 2 ** 53 } }] } }), [turn('', ['lookup', '{"id": 9007199254740993}']), turn('Done.')])
    expect(forbid.score.failures).toEqual([])
  })

  it('the schema judges the number written: 1.0000000000000001 is no integer, 2^53 + 1 is above a maximum of 2^53 (JavaScript read 1 and 2^53: both passed, the tool ran)', async () => {
    const bounded: ToolDefinition[] = [{ name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'integer', maximum: 2 ** 53 } }, additionalProperties: false } }]
    const testCase = makeCase({ tools: bounded, expect: { calls: [{ name: 'lookup', args: { id: { any: true } } }] } })
    for (const [id, message] of [['1.0000000000000001', '/id must be integer'], ['9007199254740993', '/id must be <= 9007199254740992']] as const) {
      const { score, transcript } = await runScripted(testCase, [turn('', ['lookup', `{"id": ${id}}`]), turn('Done.')])
      expect(kinds(score)).toEqual(['schema_violation'])
      expect(score.failures[0]?.message).toBe(`lookup: ${message}`)
      expect(transcript.turns[0]?.toolResults[0]?.source).toBe('rejected')
      // Hooks, stubs and the report still get JavaScript's reading.
      expect(transcript.turns[0]?.calls[0]?.arguments).toEqual({ id: Number(id) })
    }
  })

  it('1e400 is malformed arguments, never a valid number (it read as Infinity: type number held, reports printed null)', async () => {
    const testCase = makeCase({ tools, expect: { calls: [{ name: 'lookup', args: { n: { any: true } } }] } })
    const { score, transcript } = await runScripted(testCase, [turn('', ['lookup', '{"n": 1e400}']), turn('Done.')])
    expect(kinds(score)).toEqual(['malformed_arguments'])
    expect(score.failures[0]?.message).toMatch(/^lookup: number 1e400 is out of range: .* read it as Infinity: \{"n": 1e400\}$/)
    expect(score.passed).toBe(false)
    const call = transcript.turns[0]?.calls[0]
    expect(call?.arguments).toBeUndefined()
    expect(JSON.stringify(call)).toContain('"rawArguments":"{\\"n\\": 1e400}"')
    expect(transcript.turns[0]?.toolResults[0]?.source).toBe('rejected')
  })
})
