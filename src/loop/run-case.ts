import type { Case } from '../core/case.ts'
import { stopToken, type ConversationStep } from '../core/conversation.ts'
import { InputError, suiteModelFailureFacts } from '../core/errors.ts'
import { thrownMessage } from '../core/thrown.ts'
import type { Provider } from '../core/provider.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { Transcript } from '../core/transcript.ts'
import { CaseLoop, type RunCaseOptions } from './exchange.ts'
import { HarnessError } from './harness-error.ts'
import { deepFreeze } from './snapshot.ts'
import { caseTimeoutMs } from './stubs.ts'
import { fixedUserSource, SimulatorError, type UserMessage, type UserSource } from './user-messages.ts'
import { openWorld, type LiveWorld } from './world.ts'

export type { RunCaseOptions } from './exchange.ts'

/** What a case needs beyond the loop's options: the simulated user, when the case has one (`user:`). */
type ConversationOptions = {
  /** The source of a simulated-user case's messages (the runner builds it from `user:`); a fixed conversation needs none. */
  readonly users?: UserSource
}

/** Everything `runCase` takes: the options of one case run, and a simulated user's source. */
export type LoopOptions = RunCaseOptions & ConversationOptions

/**
 * Runs one case through the loop (`exchange.ts`) and returns its transcript. A single request (`prompt` /
 * `messages`) is one exchange, `tool_choice` on its first request only (later ones use auto so a forced call can
 * be answered); so is a case with a world and no conversation, against the world. A conversation opens the case's
 * world (a fresh one, from its own copy of `state`), records its state before the first message, then asks the
 * user source for each message in turn — the case's `conversation:`, or the simulated user — and runs one exchange
 * per message (`max_turns` per message, `tool_choice` on its first request, the tools `add_tools` exposed so far),
 * keeping after each reply the world's snapshot. It ends when the source has no more messages, at
 * `user.max_messages`, at a message containing `###STOP###` (not sent), or when an exchange does not end with an
 * answer (max turns, provider, harness error): what comes after an unanswered call could not be sent. Never throws
 * on what a model sends or user code does (`stop` says how it ended); an InputError (a bad script or cassette)
 * stops the run. What the case's code threw unawaited (`options.strays`) ends it as `harness-error`, at the loop's
 * next step or, when it came after the last one, before the transcript is returned.
 */
export async function runCase(testCase: Case, provider: Provider, options: LoopOptions): Promise<Transcript> {
  const transcript = await converse(testCase, provider, options)
  const stray = transcript.stop === 'no-calls' || transcript.stop === 'max-turns' ? options.strays?.take() : undefined
  return stray === undefined ? transcript : { ...transcript, stop: 'harness-error', error: stray }
}

/** The case's exchanges (see runCase). */
async function converse(testCase: Case, provider: Provider, options: LoopOptions): Promise<Transcript> {
  const loop = new CaseLoop(testCase, provider, options)
  const timeoutMs = caseTimeoutMs(testCase, options.stubTimeoutMs)
  const steps: ConversationStep[] = []
  let world: LiveWorld | undefined
  let initialState: unknown
  const users = testCase.user ? options.users : testCase.conversation ? fixedUserSource(testCase.conversation) : undefined
  const extra = (): Pick<Transcript, 'conversation' | 'initialState' | 'simulator'> => ({
    ...(testCase.conversation || testCase.user ? { conversation: steps } : {}),
    ...(world ? { initialState } : {}),
    ...(users?.simulator ? { simulator: users.simulator } : {}),
  })
  if (testCase.world) {
    try {
      const opened = await openWorld(testCase.world, testCase.state ?? {}, { suite: testCase.suite, caseId: testCase.id, repeat: options.repeat, model: provider.id }, timeoutMs)
      initialState = deepFreeze(await opened.snapshot(timeoutMs))
      world = opened
    } catch (error) {
      if (!HarnessError.isInstance(error)) throw error
      return loop.transcript({ stop: 'harness-error', error: error.message }, extra())
    }
  }
  if (!testCase.conversation && !testCase.user) {
    const end = await loop.exchange({ tools: testCase.tools, toolChoice: testCase.toolChoice, ...(world ? { world } : {}) })
    return loop.transcript(end, extra())
  }
  if (!users) return loop.transcript({ stop: 'simulator-error', error: 'this case has a simulated user (user:), and no simulator was given to the loop' }, extra())

  const tools = new ExposedTools(testCase)
  const maxMessages = testCase.user?.maxMessages ?? Infinity
  for (let index = 0; index < maxMessages; index++) {
    if (options.signal?.aborted) return loop.transcript({ stop: 'aborted' }, extra())
    let next: UserMessage | undefined
    try {
      next = await users.next({ index, messages: deepFreeze([...loop.messages]), ...(options.signal ? { signal: options.signal } : {}) })
    } catch (error) {
      if (InputError.isInstance(error)) throw error
      if (options.signal?.aborted) return loop.transcript({ stop: 'aborted' }, extra())
      const reason = SimulatorError.isInstance(error) ? error.message : `the simulated user failed: ${thrownMessage(error)}`
      return loop.transcript({ stop: 'simulator-error', error: reason, ...suiteModelFailureFacts(error) }, extra())
    }
    // The user is done (τ-bench's stop token ends the conversation without being sent).
    if (!next || next.user.includes(stopToken)) break
    const exposed = tools.add(next.addTools)
    loop.say(next.user)
    const firstTurn = loop.turns.length
    const end = await loop.exchange({ tools: exposed, toolChoice: testCase.toolChoice, message: index, ...(world ? { world } : {}) })
    let state: unknown
    let failure = end
    if (world && (end.stop === 'no-calls' || end.stop === 'max-turns')) {
      try {
        state = deepFreeze(await world.snapshot(timeoutMs))
      } catch (error) {
        if (!HarnessError.isInstance(error)) throw error
        failure = { stop: 'harness-error', error: error.message }
      }
    }
    steps.push({
      user: next.user,
      firstTurn,
      endTurn: loop.turns.length,
      // A case whose add_tools change the tools says on every message which were exposed.
      ...(tools.changes ? { toolNames: exposed.map((tool) => tool.name) } : {}),
      ...(state !== undefined ? { state } : {}),
    })
    if (failure.stop !== 'no-calls') return loop.transcript(failure, extra())
  }
  return loop.transcript({ stop: 'no-calls' }, extra())
}

/**
 * The tools exposed as a conversation goes on: the case's tools, less those a later message's `add_tools` names
 * (hidden until that message), plus those added so far. One array per change, so tool sets are shared.
 */
class ExposedTools {
  /** Whether the exposed tools change during the conversation at all. */
  readonly changes: boolean
  private readonly hidden: ReadonlySet<string>
  private readonly added = new Set<string>()
  private current: readonly ToolDefinition[]

  constructor(private readonly testCase: Case) {
    this.hidden = hiddenTools(testCase)
    this.changes = this.hidden.size > 0
    this.current = this.hidden.size === 0 ? testCase.tools : testCase.tools.filter((tool) => !this.hidden.has(tool.name))
  }

  /** The tools exposed from a message on that adds `names`. */
  add(names: readonly string[] | undefined): readonly ToolDefinition[] {
    const fresh = (names ?? []).filter((name) => this.hidden.has(name) && !this.added.has(name))
    if (fresh.length === 0) return this.current
    for (const name of fresh) this.added.add(name)
    const all = this.added.size === this.hidden.size
    this.current = all ? this.testCase.tools : this.testCase.tools.filter((tool) => !this.hidden.has(tool.name) || this.added.has(tool.name))
    return this.current
  }
}

/** The tools some message of the case's conversation adds (`add_tools`): hidden before it. */
function hiddenTools(testCase: Case): ReadonlySet<string> {
  const hidden = new Set<string>()
  for (const message of testCase.conversation ?? []) for (const name of message.addTools ?? []) hidden.add(name)
  return hidden
}
