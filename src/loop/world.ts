import type { World, WorldContext, WorldFactory, WorldSpec } from '../core/conversation.ts'
import { loadedUserFunction } from '../io/load-module.ts'
import { describeThrown, thrownMessage } from '../core/thrown.ts'
import { HarnessError } from './harness-error.ts'
import type { ToolCallContext } from './hooks.ts'
import { jsonProblem, takeJson } from './json-problem.ts'
import { notSettled, settledWithin } from './settled-within.ts'
import { ownCopy } from './snapshot.ts'
import type { StubOutcome } from './stubs.ts'

/** The export a `world:` names when it gives none. */
export const defaultWorldExport = 'createWorld'

/**
 * A world opened for one case × model × repeat, as the loop uses it: which tools it implements, running one, and
 * its state as a plain-JSON copy. Everything the user's world does passes through here, with the guarantees hooks
 * and stubs have: its own copies of the arguments, a throw turned into an error result, a timeout, results JSON
 * can carry — and HarnessError (`harness_error`) for what is the harness's failure, not the model's.
 */
export type LiveWorld = {
  /** Whether the world has a method for this tool (else the tool's stub answers). */
  has(tool: string): boolean
  /** Runs the tool's method on (its own copy of) the arguments; a throw is an error result for the model. */
  call(tool: string, args: unknown, context: ToolCallContext, timeoutMs: number): Promise<StubOutcome>
  /** The world's state now: `snapshot()`, else the state object the factory was given; a copy the world cannot change. */
  snapshot(timeoutMs: number): Promise<unknown>
}

/**
 * Opens a world: calls the module's export with its own deep copy of `state` and the context, once per case ×
 * model × repeat (so nothing leaks between them). A factory that cannot be loaded, throws, does not settle within
 * `timeoutMs` or returns no object is a HarnessError naming the module.
 */
export async function openWorld(spec: WorldSpec, state: unknown, context: WorldContext, timeoutMs: number): Promise<LiveWorld> {
  const label = `world ${spec.module}#${spec.export}`
  const given = ownCopy(state)
  let world: unknown
  try {
    const opening = loadedUserFunction<WorldFactory>(spec.module, spec.export, { field: 'world' })
      .then((factory) => factory(given, { suite: context.suite, caseId: context.caseId, repeat: context.repeat, model: context.model }))
    world = await settledWithin(opening, timeoutMs, () => new HarnessError(`${label} ${notSettled(timeoutMs, ' when created')}`))
  } catch (error) {
    if (HarnessError.isInstance(error)) throw error
    throw new HarnessError(`${label} threw when created: ${describeThrown(error)}`)
  }
  if (typeof world !== 'object' || world === null) throw new HarnessError(`${label} returned ${world === null ? 'null' : world === undefined ? 'nothing (undefined)' : `a ${typeof world}`} when created; a world is an object whose methods are tools`)
  return liveWorld(world as World, given, label)
}

function liveWorld(world: World, given: unknown, label: string): LiveWorld {
  // Looking a property up is user code too (a getter, a Proxy's trap): what it throws is the harness's failure.
  const read = (what: string, lookup: () => unknown): unknown => {
    try {
      return lookup()
    } catch (error) {
      throw new HarnessError(`${label} threw when its ${what} was looked up: ${describeThrown(error)}`)
    }
  }
  const methodOf = (tool: string): ((args: unknown, context: ToolCallContext) => unknown) | undefined => {
    if (tool === 'snapshot') return undefined
    // Object.prototype's functions (toString, constructor …) are no tools unless the world defines them itself.
    const method = read(`tool ${tool}`, () => (tool in Object.prototype && !Object.hasOwn(world, tool) ? undefined : world[tool]))
    return typeof method === 'function' ? method as (args: unknown, context: ToolCallContext) => unknown : undefined
  }
  return {
    has: (tool) => methodOf(tool) !== undefined,
    async call(tool, args, context, timeoutMs) {
      const method = methodOf(tool)!
      const where = `${label}, tool ${tool} (call ${context.callId})`
      let timedOut: HarnessError | undefined
      let result: unknown
      try {
        // Called on the world (`this` is the world): class-based worlds keep their state on the instance.
        result = await settledWithin(Promise.resolve().then(() => method.call(world, ownCopy(args), ownCopy(context))), timeoutMs, () => (timedOut = new HarnessError(`${where} ${notSettled(timeoutMs)}`)))
      } catch (error) {
        if (error === timedOut || HarnessError.isInstance(error)) throw error
        // As BFCL does: a tool that fails tells the model so, and the conversation goes on.
        return { ok: false, error: thrownMessage(error), source: 'world' }
      }
      const taken = takeJson(result, 'result')
      if (taken.problem !== undefined) throw new HarnessError(`${where} returned what cannot be sent as JSON: ${taken.problem}`)
      return { ok: true, result: taken.value, source: 'world' }
    },
    async snapshot(timeoutMs) {
      let state: unknown = given
      const snapshot = read('snapshot()', () => world.snapshot)
      if (typeof snapshot === 'function') {
        try {
          state = await settledWithin(Promise.resolve().then(() => snapshot.call(world)), timeoutMs, () => new HarnessError(`${label}: snapshot() did not settle within ${timeoutMs / 1000} s`))
        } catch (error) {
          if (HarnessError.isInstance(error)) throw error
          throw new HarnessError(`${label}: snapshot() threw: ${describeThrown(error)}`)
        }
        // A forgotten `return`: state expectations would fail the model against nothing.
        if (state === undefined) throw new HarnessError(`${label}: snapshot() returned nothing (undefined); it returns the world's state as plain JSON`)
      }
      const problem = jsonProblem(state, 'state')
      if (problem) throw new HarnessError(`${label}: its state cannot be kept as JSON: ${problem}`)
      // A copy: the world goes on changing its own object; the transcript keeps the state as it was.
      const copy = read('state', () => ownCopy(state))
      if (copy !== state || typeof state !== 'object' || state === null) return copy
      // What structuredClone refuses (a Proxy, as reactive stores wrap a class instance) ownCopy keeps as is — the
      // world's live object: the state is taken as the JSON it is kept as instead.
      const taken = takeJson(state, 'state')
      if (taken.problem !== undefined) throw new HarnessError(`${label}: its state cannot be kept as JSON: ${taken.problem}`)
      return taken.value
    },
  }
}
