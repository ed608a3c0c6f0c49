// A case's conversation keys as a suite writes them (README "Suite reference"): `conversation:`, `user:`, `world:`,
// `state:` and the state expectations (`expect.state`, `expect.ignore`), checked so a case that cannot run or can
// never pass is bad input before any model call.
import { resolve } from 'node:path'
import type { Case, Expectation } from '../core/case.ts'
import type { ConversationExpectation, ConversationMessage, SimulatedUser, WorldSpec } from '../core/conversation.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { importUserFunction } from '../io/load-module.ts'
import { defaultWorldExport } from '../loop/world.ts'
import { ignorePathProblem, stateMatcherProblem } from '../matchers/state-matchers.ts'
import type { Locate, Path } from './case-file.ts'

/** Keys a case may not give together (`messages` may seed the history of a conversation or a simulated user). */
const exclusive = [['prompt', 'messages'], ['prompt', 'conversation'], ['prompt', 'user'], ['conversation', 'user']] as const

/** Default for `user.max_messages`. */
const defaultMaxMessages = 8

/** Parses an `expect` object (calls, order, forbid …) at a path; the loader's own parser. */
export type ParseExpectation = (value: unknown, path: Path) => Expectation

/** What the conversation keys add to a case; `tools` is the case's tools with those `add_tools` exposes later. */
export type ConversationFields = Pick<Case, 'tools' | 'expect' | 'conversation' | 'user' | 'world' | 'state'>

/**
 * A suite's or case's `world: { module, export? }`, resolved against the suite file's folder; the module must
 * exist and export the factory as a function (an InputError at the field otherwise).
 */
export async function parseWorld(value: unknown, base: string, at: Locate): Promise<WorldSpec | undefined> {
  if (value === undefined) return undefined
  const raw = value as { module: string; export?: string }
  const spec: WorldSpec = { module: resolve(base, raw.module), export: raw.export ?? defaultWorldExport }
  try {
    await importUserFunction(spec.module, spec.export, {})
  } catch (error) {
    throw at(['world', 'module'], (error as Error).message)
  }
  return spec
}

/**
 * The conversation keys of one case: which of `prompt`, `messages`, `conversation` and `user` it gives (one of
 * them; `messages` may seed a conversation's or simulated user's history), its messages with their `add_tools`
 * (tools of the suite, hidden before their message) and expectations, the simulated user, the world (the case's,
 * else the suite's) and its initial state, and the case-level expectation with its state.
 */
export function conversationFields(
  rawCase: Record<string, unknown>,
  options: {
    readonly exposed: readonly ToolDefinition[]
    readonly suiteTools: readonly ToolDefinition[]
    readonly world: WorldSpec | undefined
    readonly parseExpectation: ParseExpectation
  },
  at: Locate,
): ConversationFields {
  for (const [first, second] of exclusive) {
    if (rawCase[first] === undefined || rawCase[second] === undefined) continue
    const hint = first === 'prompt' && second !== 'messages' ? ' (a conversation\'s history before its first message is written as messages:)' : ''
    throw at([second], `a case gives ${first} or ${second}, not both${hint}`)
  }
  const suiteNames = new Map(options.suiteTools.map((tool) => [tool.name, tool]))
  const exposedNames = new Set(options.exposed.map((tool) => tool.name))
  const conversation = rawCase.conversation === undefined ? undefined : (rawCase.conversation as Record<string, unknown>[]).map((raw, index): ConversationMessage => {
    const where: Path = ['conversation', index]
    const addTools = raw.add_tools as string[] | undefined
    addTools?.forEach((name, position) => {
      const field = [...where, 'add_tools', position]
      if (!suiteNames.has(name)) throw at(field, `add_tools names "${name}", which is not a tool of this suite${didYouMean(name, suiteNames.keys())}`)
      if (rawCase.tools !== undefined && exposedNames.has(name)) throw at(field, `add_tools names "${name}", which this case's tools: exposes from the start`)
    })
    const expect = raw.expect === undefined ? undefined : conversationExpectation(raw.expect, [...where, 'expect'], options.parseExpectation, at)
    return { user: raw.user as string, ...(addTools ? { addTools } : {}), ...(expect ? { expect } : {}) }
  })
  const rawUser = rawCase.user as { model: string; instructions: string; max_messages?: number } | undefined
  const user: SimulatedUser | undefined = rawUser ? { model: rawUser.model, instructions: rawUser.instructions, maxMessages: rawUser.max_messages ?? defaultMaxMessages } : undefined
  const world = options.world
  if (rawCase.state !== undefined && !world) throw at(['state'], 'a case with state: needs a world (world: { module } in the case or the suite) to hold it')
  const expect = conversationExpectation(rawCase.expect, ['expect'], options.parseExpectation, at)
  const tools = withAddedTools(options.exposed, options.suiteTools, conversation)
  checkStateHolders(expect, ['expect'], conversation !== undefined || user !== undefined, world, at)
  if (conversation) checkReachable(conversation, tools, rawCase.tool_choice, at)
  conversation?.forEach((message, index) => {
    if (message.expect) checkStateHolders(message.expect, ['conversation', index, 'expect'], true, world, at)
  })
  return {
    tools,
    expect,
    ...(conversation ? { conversation } : {}),
    ...(user ? { user } : {}),
    ...(world ? { world } : {}),
    ...(rawCase.state !== undefined ? { state: rawCase.state } : {}),
  }
}

/** An `expect` with its state matchers (`state`, `ignore`) checked. */
function conversationExpectation(value: unknown, path: Path, parseExpectation: ParseExpectation, at: Locate): ConversationExpectation {
  const expect = parseExpectation(value, path)
  const raw = (value ?? {}) as Record<string, unknown>
  if (raw.ignore !== undefined && raw.state === undefined) throw at([...path, 'ignore'], 'ignore: lists paths of the state never compared; it needs a state: expectation beside it')
  if (raw.state === undefined) return expect
  const problem = stateMatcherProblem(raw.state)
  if (problem) throw at([...path, 'state', ...problem.path], `bad state matcher: expected ${problem.expected}`)
  const ignore = raw.ignore as string[] | undefined
  ignore?.forEach((entry, index) => {
    const why = ignorePathProblem(entry)
    if (why) throw at([...path, 'ignore', index], why)
  })
  return { ...expect, state: raw.state, ...(ignore ? { ignore } : {}) }
}

/** A state expectation needs a world whose state it reads, and a conversation whose replies it follows. */
function checkStateHolders(expect: ConversationExpectation, path: Path, conversation: boolean, world: WorldSpec | undefined, at: Locate): void {
  if (expect.state === undefined) return
  if (!world) throw at([...path, 'state'], 'a state expectation needs a world (world: { module } in the case or the suite) whose state it reads')
  if (!conversation) throw at([...path, 'state'], 'a state expectation is judged on a conversation\'s world: give the case a conversation: (or a simulated user:)')
}

/**
 * An expected call to a tool hidden until a later message (`add_tools`) can never be made, nor one the case does not
 * expose; forbidding a call the model cannot make tests nothing; tool_choice cannot force a hidden tool: bad input.
 */
function checkReachable(conversation: readonly ConversationMessage[], tools: readonly ToolDefinition[], toolChoice: unknown, at: Locate): void {
  const names = new Set(tools.map((tool) => tool.name))
  const addedAt = new Map<string, number>()
  conversation.forEach((message, index) => {
    for (const name of message.addTools ?? []) if (!addedAt.has(name)) addedAt.set(name, index)
  })
  // tool_choice applies to every message's first request: it cannot force a tool the first message is not sent.
  const forced = typeof toolChoice === 'object' && toolChoice !== null ? (toolChoice as { name: string }).name : undefined
  const forcedAt = forced === undefined ? undefined : addedAt.get(forced)
  if (forcedAt !== undefined) throw at(['tool_choice', 'name'], `tool_choice forces "${forced}", which add_tools exposes only from message ${forcedAt + 1} on`)
  conversation.forEach((message, index) => message.expect?.forbid?.forEach((call, position) => {
    if (!names.has(call.name)) throw at(['conversation', index, 'expect', 'forbid', position, 'name'], `forbids "${call.name}", which the model cannot call: this case exposes ${[...names].join(', ') || 'no tools'}${didYouMean(call.name, names)}`)
  }))
  conversation.forEach((message, index) => message.expect?.calls.forEach((call, position) => {
    const field = ['conversation', index, 'expect', 'calls', position, 'name']
    if (!names.has(call.name)) throw at(field, `expected call to "${call.name}", which the model cannot make: this case exposes ${[...names].join(', ') || 'no tools'}${didYouMean(call.name, names)}`)
    const added = addedAt.get(call.name)
    if (added !== undefined && added > index) throw at(field, `expected call to "${call.name}", which is exposed only from message ${added + 1} on (add_tools)`)
  }))
}

/** The case's tools and, in the suite's order, those its messages add (`add_tools`): every tool a turn may be sent. */
function withAddedTools(exposed: readonly ToolDefinition[], suiteTools: readonly ToolDefinition[], conversation: readonly ConversationMessage[] | undefined): readonly ToolDefinition[] {
  const added = new Set((conversation ?? []).flatMap((message) => message.addTools ?? []))
  if (added.size === 0) return exposed
  const have = new Set(exposed.map((tool) => tool.name))
  if ([...added].every((name) => have.has(name))) return exposed
  return suiteTools.filter((tool) => have.has(tool.name) || added.has(tool.name))
}
