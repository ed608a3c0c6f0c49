import type { World } from '../../core/conversation.ts'
import { describeThrown } from '../../core/thrown.ts'
import { HarnessError } from '../../loop/harness-error.ts'
import { pyJsonLoads } from '../py/json.ts'
import { isDict, type PyDict } from '../py/value.ts'
import { makeInstances } from './check-entry.ts'
import type { MultiTurnEntry } from './data.ts'
import { decodeFcStep } from './decode-step.ts'
import type { Environment, ProcessState } from './environment.ts'
import { executeCall, methodOwners } from './execute.ts'
import { longContextProcess, readLongContext } from './long-context.ts'
import { jsonDumpsDefaultStr, valRepr, type Val } from './values.ts'

// BFCL's environments as a toolgauge world (README "Conversations and worlds"): the cases `bfcl import` writes for
// the multi-turn categories run against it. Each tool call is decoded as BFCL's FC handler decodes it
// (`name(k=repr(v),…)` from the JSON arguments) and executed on the case's instances; the model gets the string
// BFCL's execution returns. The snapshot keeps the decoded calls per user message — what BFCL's checker reads
// (message-verdict.ts) — and each class's state as JSON, for reports.

/** The `state:` of an imported multi-turn case. */
export type BfclWorldState = {
  readonly bfcl: {
    readonly involved_classes: readonly string[]
    /** The entry's `initial_config` as JSON text: BFCL's int/float split needs the number lexemes. */
    readonly initial_config: string
    readonly long_context: boolean
    /** long_context: BFCL's `bfcl_eval` folder, whose long_context.py the environments read at run time. */
    readonly bfcl_source?: string
  }
}

/** The world's snapshot: BFCL's decoded calls per user message (0-based) and each involved class's public state. */
export type BfclWorldSnapshot = { readonly calls: readonly (readonly string[])[]; readonly state: { readonly [className: string]: unknown } }

/** The imported case's entry, as the checker's helpers take it (no ground truth: the messages hold it). */
export function worldEntry(id: string, state: unknown): MultiTurnEntry {
  const given = (state as Partial<BfclWorldState> | null)?.bfcl
  if (!given || !Array.isArray(given.involved_classes) || typeof given.initial_config !== 'string') {
    throw new Error('a BFCL world needs state: { bfcl: { involved_classes, initial_config (JSON text), long_context } }, as `toolgauge bfcl import` writes it')
  }
  const config = pyJsonLoads(given.initial_config)
  if (!isDict(config)) throw new Error('state.bfcl.initial_config is not a JSON object')
  return { id, initialConfig: config as PyDict, involvedClasses: given.involved_classes, groundTruth: [] }
}

function plainState(value: Val): unknown {
  try {
    return JSON.parse(jsonDumpsDefaultStr(value)) as unknown
  } catch {
    // NaN and infinities (json.dumps writes them bare): their repr.
    return valRepr(value)
  }
}

/**
 * The BFCL process a case's instances live in (one per case; TwitterAPI's shared lists start fresh): for
 * long_context, holding the constants read from the case's `bfcl_source`.
 */
export function worldProcess(state: unknown): ProcessState {
  const given = (state as Partial<BfclWorldState> | null)?.bfcl
  if (given?.long_context !== true) return new Map()
  if (typeof given.bfcl_source !== 'string') {
    throw new Error("a multi_turn_long_context BFCL world needs state.bfcl.bfcl_source (BFCL's bfcl_eval folder), as `toolgauge bfcl import --bfcl-source` writes it")
  }
  return longContextProcess(readLongContext(given.bfcl_source))
}

/** BFCL's FC decode of one call from its parsed arguments (BFCL decodes the argument text: `5.0` arrives as `5`). */
function bfclCallText(name: string, args: unknown): string | undefined {
  return decodeFcStep([{ t: 'dict', entries: [[name, JSON.stringify(args ?? {})]] }])?.[0]
}

/** The world factory (`world: { module: …/bfcl/multi-turn/world.js, export: createWorld }`). */
export function createWorld(state: unknown, context: { readonly caseId: string }): World {
  const entry = worldEntry(context.caseId, state)
  const instances: Environment[] = makeInstances(entry, worldProcess(state), (state as BfclWorldState).bfcl.long_context === true)
  const owners = methodOwners(instances)
  const calls: string[][] = []
  const world: { [tool: string]: unknown } = {}
  for (const name of owners.keys()) {
    world[name] = (args: unknown, call?: { readonly message?: number }) => {
      const text = bfclCallText(name, args)
      // BFCL's decoder raises on arguments that are no object, and drops the step (the loop sends only objects).
      if (text === undefined) return 'Error: the arguments are not a JSON object'
      const message = call?.message ?? 0
      ;(calls[message] ??= []).push(text)
      try {
        return executeCall(text, owners)
      } catch (error) {
        // Past executeCall only toolgauge's own failures come (NotModelled, a defect of a port): the harness's, so
        // the case errors instead of the model reading them as the tool's answer.
        throw new HarnessError(`BFCL ${owners.get(name)!.className}.${name}: ${describeThrown(error)}`)
      }
    }
  }
  world.snapshot = (): BfclWorldSnapshot => ({
    calls: Array.from({ length: calls.length }, (_, index) => calls[index] ?? []),
    state: Object.fromEntries(instances.map((instance) => [instance.className, Object.fromEntries(instance.state().map(([key, value]) => [key, plainState(value)]))])),
  })
  return world
}
