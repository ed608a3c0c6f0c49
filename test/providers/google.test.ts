// google:<model> through @google/genai against a stand-in that enforces Gemini's rules: function responses answer
// the calls of the turn before, and a Gemini-3-style model refuses a turn whose thought signature was dropped.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { ProviderOptions } from '../../src/providers/provider-options.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, geminiKey, makeProvider, runMiniCase, setProviderEnv, startFakeServer, type FakeServer } from './fake/harness.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  delete process.env.GOOGLE_GEMINI_BASE_URL
})

async function setup(model: string, options: ProviderOptions = {}, byEnv = false) {
  setProviderEnv('google', undefined)
  const server = await startFakeServer('google', weatherModel)
  open.push(server)
  if (byEnv) process.env.GOOGLE_GEMINI_BASE_URL = server.origin
  const provider = await makeProvider('google', model, byEnv ? options : { baseUrl: baseUrlFor('google', server.origin), ...options })
  return { server, provider }
}

type Body = Record<string, any>
const bodyOf = (server: FakeServer, index: number) => server.requests[index]!.body as Body

function forgetful(provider: Provider): Provider {
  return {
    id: provider.id,
    doGenerate: (request, signal) =>
      provider.doGenerate({ ...request, messages: request.messages.map((message) => (message.role === 'assistant' ? { ...message, reasoning: undefined } : message)) }, signal),
  }
}

describe('google: requests', () => {
  it('declares tools with parametersJsonSchema and maps tool_choice to functionCallingConfig', async () => {
    const { server, provider } = await setup('gemini-2.0-flash', {}, true)
    await runMiniCase(provider, { id: 'named', prompt: 'Weather in Oslo?', toolChoice: { name: 'get_weather' }, system: 'Be brief.' })
    await runMiniCase(provider, { id: 'req', prompt: 'Weather in Oslo?', toolChoice: 'required' })
    await runMiniCase(provider, { id: 'none', prompt: 'Weather in Oslo?', toolChoice: 'none' })
    expect(server.violations).toEqual([])
    const [named, after, required] = [bodyOf(server, 0), bodyOf(server, 1), bodyOf(server, 2)]
    expect(server.requests[0]!.headers['x-goog-api-key']).toBe(geminiKey)
    expect(named.tools[0].functionDeclarations[0]).toEqual({
      name: 'get_weather',
      description: 'Current weather for a city',
      parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    })
    expect(named.systemInstruction.parts[0].text).toBe('Be brief.')
    expect(named.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } })
    expect(after.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } })
    expect(required.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } })
    expect(bodyOf(server, 4).toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } })
    expect(bodyOf(server, 4).tools[0].functionDeclarations).toHaveLength(2)
  })

  it('answers parallel calls with one functionResponse part each in a single user turn', async () => {
    const { server, provider } = await setup('gemini-2.0-flash')
    const transcript = await runMiniCase(provider, { id: 'two', prompt: 'Weather in Paris and London?', failTool: undefined })
    expect(server.violations).toEqual([])
    expect(transcript.turns[0]!.toolCalls.map((call) => [call.name, call.rawArguments])).toEqual([
      ['get_weather', '{"city":"Paris"}'],
      ['get_weather', '{"city":"London"}'],
    ])
    expect(transcript.turns.at(-1)!.text).toBe('Summary: 18C in Paris | 15C in London')
    const contents = bodyOf(server, 1).contents
    expect(contents.map((content: Body) => content.role)).toEqual(['user', 'model', 'user'])
    expect(contents[2].parts).toEqual([
      { functionResponse: { name: 'get_weather', response: { output: '18C in Paris' } } },
      { functionResponse: { name: 'get_weather', response: { output: '15C in London' } } },
    ])
  })

  it('maps settings to generationConfig', async () => {
    const { server, provider } = await setup('gemini-2.5-flash', { settings: { temperature: 0.2, top_p: 0.9, seed: 7, max_tokens: 512, thinking_config: { thinking_budget: 1024, include_thoughts: true } } })
    await runMiniCase(provider, { id: 'tokyo', prompt: 'Weather in Tokyo?' })
    expect(server.violations).toEqual([])
    expect(bodyOf(server, 0).generationConfig).toEqual({ temperature: 0.2, topP: 0.9, seed: 7, maxOutputTokens: 512, thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } })
  })
})

describe('google: thought signatures', () => {
  it('sends the model turn back whole: thought part, signature on the first of two parallel calls, ids', async () => {
    const { server, provider } = await setup('gemini-3-pro-preview', { settings: { thinking_config: { include_thoughts: true } } })
    const transcript = await runMiniCase(provider, { id: 'two', prompt: 'Weather in Paris and London?' })
    expect(server.violations).toEqual([])
    const returned = (transcript.turns[0]!.raw!.response as { candidates: { content: { parts: Body[] } }[] }).candidates[0]!.content.parts
    expect(returned.map((part) => Object.keys(part).sort().join('+'))).toEqual(['text+thought', 'functionCall+thoughtSignature', 'functionCall'])
    const sent = bodyOf(server, 1).contents[1]
    expect(sent).toEqual({ role: 'model', parts: returned })
    // The responses carry the ids the calls had.
    expect(bodyOf(server, 1).contents[2].parts.map((part: Body) => part.functionResponse.id)).toEqual(['fc-0-0', 'fc-0-1'])
    expect(transcript.turns[0]!.toolCalls.map((call) => call.id)).toEqual(['fc-0-0', 'fc-0-1'])
    expect(transcript.turns[0]!.text).toBe('')
    // The stand-in bills the prompt it was sent (prompt-tokens.ts); this one is far below Gemini's implicit-cache minimum.
    const usage = (transcript.turns[0]!.raw!.response as { usageMetadata: { promptTokenCount: number } }).usageMetadata
    expect(transcript.turns[0]!.usage).toMatchObject({ input: usage.promptTokenCount, output: 42, cacheRead: 0, reasoning: 32 })
    expect(usage.promptTokenCount).toBeGreaterThan(0)
  })

  it('is refused by a Gemini-3-style stand-in when the signature is dropped', async () => {
    const { server, provider } = await setup('gemini-3-pro-preview')
    const error = await runMiniCase(forgetful(provider), { id: 'two', prompt: 'Weather in Paris and London?' }).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect(server.violations[0]).toMatch(/Function call is missing a thought_signature/)
  })

  it('refuses function responses that do not answer the previous turn', async () => {
    const { server, provider } = await setup('gemini-2.0-flash')
    const answerOnlyOne: Provider = {
      id: provider.id,
      doGenerate: (request, signal) => provider.doGenerate({ ...request, messages: request.messages.filter((message, index) => !(message.role === 'tool' && request.messages[index - 1]?.role === 'tool')) }, signal),
    }
    await expect(runMiniCase(answerOnlyOne, { id: 'two', prompt: 'Weather in Paris and London?' })).rejects.toThrow(/number of function response parts is equal to the number of function call parts/)
    expect(server.violations).toHaveLength(1)
  })
})
