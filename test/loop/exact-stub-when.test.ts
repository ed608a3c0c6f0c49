import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { makeCase, runScripted, turn } from '../helpers/cases.ts'

const tools: ToolDefinition[] = [{ name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'integer' } } } }]

describe('a recorded stub picks its entry by the exact number the model sent', () => {
  it('12345678901234567891 gets the default entry, not the one recorded for 12345678901234567000 (JSON.parse made them one)', async () => {
    const stubs = { lookup: { type: 'recorded' as const, entries: [{ when: { id: Number('12345678901234567000') }, result: 'order A' }, { result: 'no such order' }] } }
    const testCase = makeCase({ tools, stubs })
    const other = await runScripted(testCase, [turn('', ['lookup', '{"id": 12345678901234567891}']), turn('Done.')])
    expect(other.transcript.turns[0]?.toolResults[0]?.content).toBe('no such order')
    const same = await runScripted(testCase, [turn('', ['lookup', '{"id": 12345678901234567000}']), turn('Done.')])
    expect(same.transcript.turns[0]?.toolResults[0]?.content).toBe('order A')
    // A hook's replacement is matched as the hook gave it (a JavaScript value: there is no text to read exactly).
    const replaced = await runScripted(testCase, [turn('', ['lookup', '{"id": 1}']), turn('Done.')], { beforeToolCall: () => ({ arguments: { id: Number('12345678901234567000') } }) })
    expect(replaced.transcript.turns[0]?.toolResults[0]?.content).toBe('order A')
  })
})
