import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SimulatedUser } from '../../src/core/conversation.ts'
import { InputError, ProviderError } from '../../src/core/errors.ts'
import type { Message } from '../../src/core/message.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { simulatedUserSource, simulatorOpening, simulatorPrompt, simulatorPromptVersion, simulatorRecord, userView } from '../../src/loop/simulated-user.ts'
import { SimulatorError } from '../../src/loop/user-messages.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const user: SimulatedUser = { model: 'scripted:users.yaml', instructions: 'You are Ada. You want order O-1 cancelled.', maxMessages: 4 }
const context = { suite: 'shop', caseId: 'cancel', repeat: 2 }

/** A simulator that answers `texts` in order and keeps every request it was sent. */
function recordingSimulator(answer: (request: GenerateRequest) => Promise<string> | string): Provider & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = []
  return {
    id: 'sim',
    requests,
    async doGenerate(request) {
      requests.push(request)
      return { text: await answer(request), toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 }
    },
  }
}

describe('the simulated user (loop/simulated-user.ts)', () => {
  it('sends its own prompt — the instructions inside the versioned template — and the opening line; the model under test never sees them', async () => {
    const simulator = recordingSimulator(() => 'Hi, I need to cancel an order.')
    const source = simulatedUserSource(user, simulator, context)
    const first = await source.next({ index: 0, messages: [{ role: 'system', content: 'You are the shop agent.' }] })
    expect(first).toEqual({ user: 'Hi, I need to cancel an order.' })
    const sent = simulator.requests[0]!
    expect(sent.messages[0]).toEqual({ role: 'system', content: simulatorPrompt(user.instructions) })
    expect(simulatorPrompt(user.instructions)).toContain(user.instructions)
    expect(simulatorPrompt(user.instructions)).toContain('###STOP###')
    expect(simulatorPrompt(user.instructions)).toContain(`template v${simulatorPromptVersion}`)
    // The agent's system prompt is not the user's business; the user speaks first, answering the opening line.
    expect(sent.messages.slice(1)).toEqual([{ role: 'user', content: simulatorOpening }])
    expect(sent.tools).toEqual([])
    expect(sent.context).toEqual({ suite: 'shop', caseId: 'cancel', repeat: 2, turn: 0, message: 0 })
  })

  it('records the spec and the sha256 of the prompt as sent (a changed instruction or template changes the hash)', () => {
    const source = simulatedUserSource(user, recordingSimulator(() => 'x'), context)
    const hash = createHash('sha256').update(simulatorPrompt(user.instructions)).digest('hex')
    expect(source.simulator).toEqual({ spec: 'scripted:users.yaml', promptHash: hash })
    expect(simulatorRecord(user.model, user.instructions)).toEqual(source.simulator)
    expect(simulatorRecord(user.model, `${user.instructions} Be rude.`).promptHash).not.toBe(hash)
  })

  it('shows the conversation from the user\'s chair: its messages as assistant, the agent\'s texts as user, no tool calls or results', () => {
    const messages: Message[] = [
      { role: 'system', content: 'agent policy' },
      { role: 'user', content: 'Cancel my order.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_order', rawArguments: '{}' }] },
      { role: 'tool', toolCallId: 'c1', name: 'get_order', content: '{"status":"pending"}' },
      { role: 'assistant', content: 'Which order?', toolCalls: [] },
      { role: 'assistant', content: 'And your email?', toolCalls: [] },
    ]
    expect(userView(messages)).toEqual([
      { role: 'user', content: simulatorOpening },
      { role: 'assistant', content: 'Cancel my order.', toolCalls: [] },
      { role: 'user', content: 'Which order?\n\nAnd your email?' },
    ])
  })

  it('a provider failure is a SimulatorError naming the simulator and the message (errored, not the model\'s fault)', async () => {
    const source = simulatedUserSource(user, recordingSimulator(() => { throw new ProviderError('HTTP 503 from the simulator host') }), context)
    const failure = await source.next({ index: 1, messages: [] }).catch((error: unknown) => error)
    expect(SimulatorError.isInstance(failure)).toBe(true)
    expect((failure as Error).message).toBe('the simulated user (scripted:users.yaml) failed at message 2: HTTP 503 from the simulator host')
  })

  it('an empty answer is a SimulatorError, not a message', async () => {
    const source = simulatedUserSource(user, recordingSimulator(() => '  \n'), context)
    const failure = await source.next({ index: 0, messages: [] }).catch((error: unknown) => error)
    expect(SimulatorError.isInstance(failure)).toBe(true)
    expect((failure as Error).message).toContain('gave an empty answer at message 1')
  })

  it('a bad script is bad input: the InputError is not turned into a simulator error', async () => {
    const source = simulatedUserSource(user, recordingSimulator(() => { throw new InputError('no script for case "shop/cancel"') }), context)
    const failure = await source.next({ index: 0, messages: [] }).catch((error: unknown) => error)
    expect(InputError.isInstance(failure)).toBe(true)
  })

  it('scripted: works as a simulator — its turns for the case id are the user\'s messages, in order', async () => {
    const turn = (text: string) => ({ text, toolCalls: [], usage: emptyUsage })
    const scripts = new Map([['cancel', [[turn('Hi, I need to cancel an order.'), turn('It is O-1.'), turn('Thanks! ###STOP###')]]]])
    const source = simulatedUserSource(user, scriptedProvider('scripted:users.yaml', scripts), context)
    const said = []
    for (let index = 0; index < 3; index++) said.push((await source.next({ index, messages: [] }))?.user)
    expect(said).toEqual(['Hi, I need to cancel an order.', 'It is O-1.', 'Thanks! ###STOP###'])
  })

  it('the README documents the prompt template as it is sent, with its version', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
    const placeholder = "{the case's instructions, trimmed}"
    expect(readme).toContain(`\`\`\`text\n${simulatorPrompt(placeholder)}\n\`\`\``)
    expect(readme).toContain(`The simulator's prompt template, version ${simulatorPromptVersion}`)
  })
})
