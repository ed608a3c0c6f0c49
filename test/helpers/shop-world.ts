// The shop world the conversation tests share: three tools, a world module (orders in state; create_return mutates
// them; variants that throw, hang or return what JSON cannot carry), a conversation case and a scripted run.
import { join } from 'node:path'
import type { Case } from '../../src/core/case.ts'
import type { ConversationMessage } from '../../src/core/conversation.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { runCase } from '../../src/loop/run-case.ts'
import type { UserSource } from '../../src/loop/user-messages.ts'
import { scriptedProvider, type ScriptedTurn } from '../../src/providers/scripted.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import { makeCase } from './cases.ts'
import { tempFiles } from './cli.ts'

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required })
/** get_order, create_return, get_weather. */
export const shopTools: ToolDefinition[] = [
  { name: 'get_order', description: 'Look up an order', parameters: object({ order_id: { type: 'string' } }, ['order_id']) },
  { name: 'create_return', description: 'Start a return', parameters: object({ order_id: { type: 'string' }, reason: { type: 'string' } }, ['order_id']) },
  { name: 'get_weather', description: 'Weather', parameters: object({ city: { type: 'string' } }) },
]

/** The world module: createWorld keeps orders in state and counts its calls (state.calls); the other exports throw, return no object, hang, return a BigInt or keep their own snapshot. */
export const worldSource = `
export function createWorld(state, context) {
  state.calls = state.calls ?? 0
  return {
    get_order(args) { state.calls++; const order = state.orders[args.order_id]; if (!order) throw new Error('no order ' + args.order_id); return order },
    create_return(args) { state.calls++; state.orders[args.order_id].status = 'return_requested'; return { ok: true, context: context.caseId } },
  }
}
export function throwingFactory() { throw new Error('database offline') }
export function bigIntWorld(state) { return { get_order() { return { total: 10n } } } }
export function hangingWorld(state) { return { get_order() { return new Promise(() => {}) } } }
export function snapshotWorld(state) { let n = 0; return { get_order() { n++; return {} }, snapshot() { return { n } } } }
export function notAnObject() { return 42 }
`
const dir = tempFiles({ 'world.mjs': worldSource })
/** The world module's path. */
export const worldModule = join(dir, 'world.mjs')

/** A conversation case against the shop world (O-1 delivered). */
export function conversationCase(conversation: ConversationMessage[], overrides: Partial<Case> = {}): Case {
  return makeCase({
    messages: [],
    tools: shopTools,
    conversation,
    world: { module: worldModule, export: 'createWorld' },
    state: { orders: { 'O-1': { status: 'delivered', total: 40 } } },
    ...overrides,
  })
}

/** Runs a case against scripted turns. */
export async function run(testCase: Case, turns: ScriptedTurn[], options: { users?: UserSource; repeat?: number } = {}) {
  const provider = scriptedProvider('scripted:test', new Map([[testCase.id, [turns]]]))
  return runCase(testCase, provider, { repeat: options.repeat ?? 0, ...(options.users ? { users: options.users } : {}) })
}

/** A get_order call. */
export const getOrder = (id = 'O-1'): [string, string] => ['get_order', JSON.stringify({ order_id: id })]
/** A create_return call (reason broken). */
export const createReturn = (id = 'O-1'): [string, string] => ['create_return', JSON.stringify({ order_id: id, reason: 'broken' })]

/** Runs a conversation case against scripted turns and scores it. */
export async function runScored(testCase: Case, turns: ScriptedTurn[], options: { users?: UserSource; repeat?: number } = {}) {
  const transcript = await run(testCase, turns, options)
  return { transcript, score: scoreCase(testCase, transcript) }
}
