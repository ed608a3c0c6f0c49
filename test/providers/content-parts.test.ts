// Mistral's reasoning models (Magistral) answer Chat Completions with `content` as a list of chunks —
// `{type: "thinking", thinking: [...]}` then `{type: "text", text}` — streamed too, each delta's `content` such a
// list. The model's answer is its text chunks: before, the non-streamed text was '' (dropped) and the streamed one
// "[object Object]" (the SDK appends each delta's content as a string), so a final-answer check judged text the
// model never wrote.
import { afterEach, describe, expect, it } from 'vitest'
import { baseUrlFor, fastRetries, makeProvider, setProviderEnv, weatherTools } from './fake/harness.ts'
import { startLoopback, type Loopback, type Reply } from './fake/loopback.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const thinking = { type: 'thinking', thinking: [{ type: 'text', text: 'The user greets me.' }] }
const usage = { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 }
const base = { id: 'c1', created: 1, model: 'magistral-small-2509' }

const replies: Record<'not streamed' | 'streamed', Reply> = {
  'not streamed': {
    type: 'json',
    status: 200,
    body: { ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: [thinking, { type: 'text', text: 'Hello ' }, { type: 'text', text: 'there.' }] }, finish_reason: 'stop' }], usage },
  },
  streamed: {
    type: 'sse',
    frames: [
      { delta: { role: 'assistant', content: '' } },
      { delta: { content: [thinking] } },
      { delta: { content: [{ type: 'text', text: 'Hello ' }] } },
      { delta: { content: 'there.' } },
      { delta: {}, finish_reason: 'stop' },
    ].map(({ delta, finish_reason }) => ({ data: JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish_reason ?? null }] }) }))
      .concat([{ data: JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage }) }, { data: '[DONE]' }]),
  },
}

describe.each(Object.keys(replies) as (keyof typeof replies)[])('a Chat Completions answer whose content is a list of chunks, %s', (mode) => {
  it("is the model's text: its text chunks joined, thinking left out", async () => {
    const server = await startLoopback(() => replies[mode])
    open.push(server)
    setProviderEnv('openai-compatible', undefined)
    const provider = await makeProvider('openai-compatible', 'magistral-small-2509', { baseUrl: baseUrlFor('openai-compatible', server.origin), ...(mode === 'streamed' ? { settings: { stream: true } } : {}), retries: 0, ...fastRetries })
    const turn = await provider.doGenerate({
      messages: [{ role: 'user', content: 'Hi!' }],
      tools: weatherTools,
      toolChoice: 'auto',
      context: { suite: 'chunks', caseId: 'hello', repeat: 0, turn: 0 },
    })
    expect(turn.text).toBe('Hello there.')
    expect(turn.finishReason.unified).toBe('stop')
  })
})
