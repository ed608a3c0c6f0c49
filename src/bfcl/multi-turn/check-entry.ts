import type { PyValue } from '../py/value.ts'
import type { MultiTurnEntry } from './data.ts'
import { decodeFcStep } from './decode-step.ts'
import type { Environment, ProcessState } from './environment.ts'
import { environmentFactory } from './environments/index.ts'
import { executeCall, methodOwners } from './execute.ts'
import { valEqual } from './values.ts'

/** BFCL's multi-turn verdict: `errorTurn` is the turn whose check failed (null for entry-level errors). */
export type MultiTurnVerdict = {
  readonly valid: boolean
  readonly errorType: string | null
  readonly errorTurn: number | null
  readonly errorMessage: string | null
}

/** What one entry's check needs besides the entry. */
export type CheckOptions = {
  /** The model's raw `result`. */
  readonly result: PyValue
  /** Process-wide state shared by every entry scored in one BFCL process. */
  readonly process: ProcessState
  readonly longContext: boolean
}

const ok: MultiTurnVerdict = { valid: true, errorType: null, errorTurn: null, errorMessage: null }
const fail = (errorType: string, errorTurn: number | null, errorMessage: string): MultiTurnVerdict => ({ valid: false, errorType, errorTurn, errorMessage })

/** One instance per involved class, loaded with the entry's config (an absent config is an empty dict). */
export function makeInstances(entry: MultiTurnEntry, process: ProcessState, longContext: boolean): Environment[] {
  // A loop, not map(): the arrays the checker walks keep one element kind (V8 recompiled it on a second kind).
  const instances: Environment[] = []
  for (let index = 0; index < entry.involvedClasses.length; index++) {
    const className = entry.involvedClasses[index]!
    const factory = environmentFactory(className)
    if (!factory) throw new Error(`no environment for class ${className}`)
    const instance = factory(process)
    instance.load(entry.initialConfig.entries.find((pair) => pair[0] === className)?.[1] ?? { t: 'dict', entries: [] }, longContext)
    instances.push(instance)
  }
  return instances
}

// `_is_subsequence_unordered`: every expected item matched by an equal, not yet used, actual item.
function containsAll(actual: readonly string[], expected: readonly string[]): boolean {
  const pool = actual.slice()
  for (let index = 0; index < expected.length; index++) {
    const item = expected[index]!
    const at = pool.indexOf(item)
    if (at < 0) return false
    pool.splice(at, 1)
  }
  return true
}

function statesEqual(model: Environment, truth: Environment): boolean {
  const modelState = model.state()
  const truthState = truth.state()
  // Two instances of a class list the same attributes in the same order: then pairwise (no Map per check).
  let aligned = modelState.length === truthState.length
  for (let index = 0; aligned && index < truthState.length; index++) {
    const truthPair = truthState[index]!
    const modelPair = modelState[index]!
    if (modelPair[0] !== truthPair[0]) aligned = false
    else if (!valEqual(truthPair[1], modelPair[1])) return false
  }
  if (aligned) return true
  const byName = new Map(modelState)
  return truthState.every(([name, value]) => {
    const other = byName.get(name)
    return other !== undefined && valEqual(value, other)
  })
}

/** BFCL's multi-turn checker for one entry (eval_runner + multi_turn_checker, reference §3). */
export function checkMultiTurnEntry(entry: MultiTurnEntry, options: CheckOptions): MultiTurnVerdict {
  const { result } = options
  if (!Array.isArray(result)) return fail('multi_turn:inference_error', null, typeof result === 'string' ? result : 'result is not a list')
  if (result.length !== entry.groundTruth.length) {
    return fail('multi_turn:force_terminated', null, 'Model was force-terminated during inference phase. The length of the model result turns does not match the length of the ground truth turns.')
  }
  const decoded = result.map((turn) => (Array.isArray(turn) ? turn : []).flatMap((step: PyValue) => {
    const calls = decodeFcStep(step)
    return calls && calls.length > 0 ? [calls] : []
  }))
  return checkDecodedTurns(entry, decoded, options)
}

/** The per-turn checks over already decoded model steps (`decoded[turn]` = the turn's non-empty call lists). */
export function checkDecodedTurns(entry: MultiTurnEntry, decoded: readonly (readonly (readonly string[])[])[], options: Omit<CheckOptions, 'result'>): MultiTurnVerdict {
  const modelInstances = makeInstances(entry, options.process, options.longContext)
  const truthInstances = makeInstances(entry, options.process, options.longContext)
  const modelOwners = methodOwners(modelInstances)
  const truthOwners = methodOwners(truthInstances)
  const allModelResults: string[] = []
  for (let turn = 0; turn < entry.groundTruth.length; turn++) {
    const steps = decoded[turn]!
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index]!
      for (let call = 0; call < step.length; call++) allModelResults.push(executeCall(step[call]!, modelOwners))
    }
    const truth = entry.groundTruth[turn]!
    const truthResults = truth.map((call) => executeCall(call, truthOwners))
    if (truth.length > 0 && decoded[turn]!.length === 0) return fail('multi_turn:empty_turn_model_response', turn, `Model response list is empty for turn ${turn}`)
    if (truth.length === 0) continue
    for (let index = 0; index < truthInstances.length; index++) {
      if (!statesEqual(modelInstances[index]!, truthInstances[index]!)) {
        return fail('multi_turn:instance_state_mismatch', turn, `Model instance for ${truthInstances[index]!.className} does not match the state with ground truth instance.`)
      }
    }
    if (!containsAll(allModelResults, truthResults)) {
      return fail('multi_turn:execution_response_mismatch', turn, `Model response execution results so far does not contain all the ground truth response execution results for turn ${turn}.`)
    }
  }
  return ok
}
