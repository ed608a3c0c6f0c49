// Some OpenAI-compatible servers send `arguments: ""` for a call without arguments. For a tool that takes no
// required arguments that is the empty object, recorded as `{}` with a note — as a call with no `arguments` field
// is — and not malformed_arguments. For a tool with required arguments an empty string stays malformed.
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { kinds, makeCase, runScripted, turn, weatherTools } from '../helpers/cases.ts'

const listCities: ToolDefinition = {
  name: 'list_cities',
  description: 'Every city the service knows',
  parameters: { type: 'object', properties: { country: { type: 'string' } }, additionalProperties: false },
}
const ping: ToolDefinition = { name: 'ping', description: 'Is the service up', parameters: { type: 'object', properties: {} } }
const tools = [...weatherTools, listCities, ping]

describe('an empty argument string', () => {
  it.each(['', '  '])('is {} with a note for a tool without required arguments (%j)', async (raw) => {
    const testCase = makeCase({ tools, expect: { calls: [{ name: 'list_cities', args: {} }] } })
    const { transcript, score } = await runScripted(testCase, [turn('', ['list_cities', raw]), turn('Paris.')])
    expect(kinds(score)).toEqual([])
    const call = transcript.turns[0]!.calls[0]!
    expect(call).toMatchObject({ rawArguments: '{}', arguments: {}, check: { wellFormed: true, schemaIssues: [] } })
    expect(call.parseError).toBeUndefined()
    expect(call.note).toMatch(/empty argument string.*recorded as \{\}/)
  })

  it('is {} for a tool whose schema lists no properties at all', async () => {
    const { score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'ping' }] } }), [turn('', ['ping', '']), turn('up')])
    expect(kinds(score)).toEqual([])
  })

  it('stays malformed_arguments for a tool with required arguments', async () => {
    const { transcript, score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_weather', '']), turn('ok')])
    expect(kinds(score)).toEqual(['malformed_arguments'])
    expect(transcript.turns[0]!.calls[0]!.rawArguments).toBe('')
  })

  it('stays as sent for a tool that is not offered (hallucinated_tool)', async () => {
    const { transcript, score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'ping' }] } }), [turn('', ['pong', '']), turn('ok')])
    expect(kinds(score)).toContain('hallucinated_tool')
    expect(transcript.turns[0]!.calls[0]!.rawArguments).toBe('')
  })
})
