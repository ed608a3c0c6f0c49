// Issue 24, "Suite syntax": world:, state:, conversation: (user, add_tools, expect), user: and state expectations
// are read from a suite (inline or a JSON Lines case file); every slip is bad input with file, line and field,
// "did you mean" where it helps, before any model call.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = `tools:
  - { name: get_order, description: Look up an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }
  - { name: create_return, description: Start a return, parameters: { type: object, properties: { order_id: { type: string }, reason: { type: string } }, required: [order_id] } }
  - { name: refund_order, description: Refund an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }
`
const worldFile = 'export function createWorld(state) { return {} }\nexport function otherWorld(state) { return {} }\n'

/** A suite (with a world module beside it) whose single case is these YAML lines, indented under `- id: a`. */
function suite(caseLines: string, head = 'world: { module: ./world.mjs }\n', extra: Record<string, string> = {}): string {
  const dir = tempFiles({ 'suite.yaml': `name: shop\n${head}${tools}cases:\n  - id: a\n${caseLines}`, 'world.mjs': worldFile, ...extra })
  return join(dir, 'suite.yaml')
}

async function loadError(caseLines: string, head?: string): Promise<string> {
  try {
    await loadSuite(suite(caseLines, head))
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('loaded without an error')
}

const returnCase = `    state: { orders: { O-1: { status: delivered } }, refunds: [] }
    conversation:
      - user: I want to return order O-1.
        expect:
          calls: [{ name: get_order, args: { order_id: O-1 } }]
      - user: It arrived broken.
        add_tools: [create_return]
        expect:
          calls: [{ name: create_return, args: { order_id: O-1, reason: { regex: broken } } }]
          state: { orders: { O-1: { status: return_requested } } }
      - user: Thanks, that's all.
        expect: { no_call: true }
    expect:
      state: { refunds: [] }
      ignore: ['orders.*.updated_at']
      forbid: [{ name: refund_order }]
      max_calls: 6
`

describe('the loader reads conversations', () => {
  it('reads the issue\'s example: world (resolved against the suite file), state, messages, add_tools, expectations', async () => {
    const file = suite(returnCase)
    const loaded = await loadSuite(file)
    const testCase = loaded.cases[0]!
    expect(testCase.world).toEqual({ module: join(file, '..', 'world.mjs'), export: 'createWorld' })
    expect(testCase.state).toEqual({ orders: { 'O-1': { status: 'delivered' } }, refunds: [] })
    expect(testCase.messages).toEqual([])
    expect(testCase.conversation?.map((message) => message.user)).toEqual(['I want to return order O-1.', 'It arrived broken.', 'Thanks, that\'s all.'])
    expect(testCase.conversation?.[1]?.addTools).toEqual(['create_return'])
    expect(testCase.conversation?.[1]?.expect).toMatchObject({ calls: [{ name: 'create_return' }], state: { orders: { 'O-1': { status: 'return_requested' } } }, order: 'any' })
    expect(testCase.conversation?.[2]?.expect?.noCall).toBe(true)
    expect(testCase.expect).toMatchObject({ state: { refunds: [] }, ignore: ['orders.*.updated_at'], forbid: [{ name: 'refund_order' }], maxCalls: 6, calls: [] })
    expect(testCase.tools.map((tool) => tool.name)).toEqual(['get_order', 'create_return', 'refund_order'])
  })

  it('a case\'s world wins over the suite\'s; messages seed a conversation\'s history; user: gets max_messages 8 by default', async () => {
    const loaded = await loadSuite(suite(`    world: { module: ./world.mjs, export: otherWorld }
    messages: [{ role: system, content: Be kind. }]
    user: { model: 'scripted:user.yaml', instructions: Return O-1. }
    expect: { state: { refunds: [] } }
`))
    const testCase = loaded.cases[0]!
    expect(testCase.world?.export).toBe('otherWorld')
    expect(testCase.messages).toEqual([{ role: 'system', content: 'Be kind.' }])
    expect(testCase.user).toEqual({ model: 'scripted:user.yaml', instructions: 'Return O-1.', maxMessages: 8 })
    expect(testCase.conversation).toBeUndefined()
  })

  it('reads a conversation case from a JSON Lines case file', async () => {
    const jsonl = tempFiles({
      'suite.yaml': `name: shop\nworld: { module: ./world.mjs }\n${tools}cases: ./cases.jsonl\n`,
      'world.mjs': worldFile,
      'cases.jsonl': `${JSON.stringify({ id: 'a', state: { n: 1 }, conversation: [{ user: 'hi', expect: { no_call: true, state: { n: 1 } } }] })}\n`,
    })
    const loaded = await loadSuite(join(jsonl, 'suite.yaml'))
    expect(loaded.cases[0]?.conversation?.[0]?.expect?.state).toEqual({ n: 1 })
  })
})

describe('conversation slips are bad input', () => {
  it.each([
    ['prompt and conversation', '    prompt: hi\n    conversation: [{ user: hi }]\n', /cases\.0\.conversation: a case gives prompt or conversation, not both/],
    ['prompt and messages', '    prompt: hi\n    messages: [{ role: user, content: hi }]\n', /cases\.0\.messages: a case gives prompt or messages, not both/],
    ['conversation and user', '    conversation: [{ user: hi }]\n    user: { model: baseline, instructions: x }\n', /cases\.0\.user: a case gives conversation or user, not both/],
    ['an add_tools name that is no tool', '    conversation: [{ user: hi, add_tools: [create_retrun] }]\n', /cases\.0\.conversation\.0\.add_tools\.0: add_tools names "create_retrun", which is not a tool of this suite \(did you mean "create_return"\?\)/],
    ['an unknown key in a message', '    conversation: [{ user: hi, expct: { no_call: true } }]\n', /cases\.0\.conversation\.0\.expct: unknown field "expct" \(did you mean "expect"\?\)/],
    ['state without a world', '    state: { n: 1 }\n    conversation: [{ user: hi }]\n', /cases\.0\.state: a case with state: needs a world/, ''],
    ['a state expectation on a single request', '    prompt: hi\n    expect: { state: { n: 1 } }\n', /cases\.0\.expect\.state: a state expectation is judged on a conversation/],
    ['a bad state matcher', '    conversation: [{ user: hi, expect: { state: { n: { range: [1] } } } }]\n', /cases\.0\.conversation\.0\.expect\.state\.n\.range: bad state matcher/],
    ['ignore without state', '    conversation: [{ user: hi }]\n    expect: { ignore: [a] }\n', /cases\.0\.expect\.ignore: .*needs a state: expectation/],
    ['a bad ignore path', '    conversation: [{ user: hi }]\n    expect: { state: {}, ignore: [\'refunds[0\'] }\n', /cases\.0\.expect\.ignore\.0: cannot read the path "refunds\[0"/],
    ['a call expected before its tool is added', '    conversation:\n      - { user: hi, expect: { calls: [{ name: create_return }] } }\n      - { user: ho, add_tools: [create_return] }\n', /cases\.0\.conversation\.0\.expect\.calls\.0\.name: expected call to "create_return", which is exposed only from message 2 on/],
    ['an expected call to a tool that is no tool', '    conversation: [{ user: hi, expect: { calls: [{ name: get_ordr }] } }]\n', /conversation\.0\.expect\.calls\.0\.name: expected call to "get_ordr", which is not a tool of this suite \(did you mean "get_order"\?\)/],
    ['tool_choice forcing a tool added later', '    tool_choice: { name: create_return }\n    conversation:\n      - { user: hi }\n      - { user: ho, add_tools: [create_return] }\n', /cases\.0\.tool_choice\.name: tool_choice forces "create_return", which add_tools exposes only from message 2 on/],
    ['a message forbidding a tool the case does not expose', '    tools: [get_order]\n    conversation: [{ user: hi, expect: { forbid: [{ name: refund_order }] } }]\n', /cases\.0\.conversation\.0\.expect\.forbid\.0\.name: forbids "refund_order", which the model cannot call/],
    ['a world export that is no function', '    world: { module: ./world.mjs, export: createWrld }\n    conversation: [{ user: hi }]\n', /cases\.0\.world\.module: .*has no exported function "createWrld"/],
    ['a user without instructions', '    user: { model: baseline }\n', /cases\.0\.user\.instructions: missing required field "instructions"/],
  ])('%s', async (_name, lines, message, head?: string) => {
    expect(await loadError(lines, head)).toMatch(message)
  })

  it('the errors name the file and line', async () => {
    const file = suite('    conversation:\n      - user: hi\n        add_tools: [nope]\n')
    await expect(loadSuite(file)).rejects.toMatchObject({ location: { file, line: 11 } })
  })
})

describe('toolgauge run with a conversation suite', () => {
  it('a slip is exit 2 with file, line and did-you-mean, before any model call', async () => {
    const result = await runMain(['run', suite('    conversation:\n      - user: hi\n        add_tools: [creat_return]\n'), '--model', 'baseline'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/suite\.yaml:11: cases\.0\.conversation\.0\.add_tools\.0: .*did you mean "create_return"/)
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  })

  it('runs the issue\'s example against a world end to end: a pass, and a state_mismatch naming the message', async () => {
    const file = suite(returnCase)
    const dir = join(file, '..')
    writeFileSync(join(dir, 'world.mjs'), `export function createWorld(state) {
  return {
    get_order: ({ order_id }) => state.orders[order_id],
    create_return({ order_id }) { state.orders[order_id].status = 'return_requested'; return { ok: true } },
  }
}
`)
    const calls = (name: string, args: unknown) => `[{ id: x, name: ${name}, arguments: ${JSON.stringify(args)} }]`
    writeFileSync(join(dir, 'good.yaml'), `a:\n  - tool_calls: ${calls('get_order', { order_id: 'O-1' })}\n  - content: Why?\n  - tool_calls: ${calls('create_return', { order_id: 'O-1', reason: 'broken' })}\n  - content: Done.\n  - content: Bye.\n`)
    writeFileSync(join(dir, 'bad.yaml'), `a:\n  - tool_calls: ${calls('get_order', { order_id: 'O-1' })}\n  - content: Why?\n  - tool_calls: ${calls('get_order', { order_id: 'O-1' })}\n  - content: Sorry.\n  - content: Bye.\n`)
    const good = await runMain(['run', file, '--model', `scripted:${join(dir, 'good.yaml')}`, '--out', join(dir, 'out-good')])
    expect(good.code, good.stderr).toBe(0)
    const bad = await runMain(['run', file, '--model', `scripted:${join(dir, 'bad.yaml')}`, '--out', join(dir, 'out-bad')])
    expect(bad.code).toBe(1)
    const report = JSON.parse(readFileSync(join(dir, 'out-bad/report.json'), 'utf8')) as { results: { failures: { kind: string; userMessage?: number; message: string }[] }[] }
    const failures = report.results[0]!.failures
    expect(failures.map((failure) => [failure.kind, failure.userMessage])).toEqual([['wrong_tool', 1], ['state_mismatch', 1]])
    expect(failures[1]?.message).toContain('orders.O-1.status: expected "return_requested", got "delivered"')
  })
})
