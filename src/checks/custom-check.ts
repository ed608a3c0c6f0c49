// Custom checks (`expect.custom: { module, export }`, README "Custom checks"): a function the suite's author wrote,
// given the scored case and returning `{ pass, message, score? }`. Its answer becomes a `custom_check` failure or
// nothing; user code that throws, answers in another shape or never settles is `harness_error` (errored: the
// harness, not the model, failed). The verdict is still decided in core/verdict.ts from these failures.
import { relative, dirname } from 'node:path'
import type { CustomCheckSpec } from '../core/case.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { CustomCheckRecord, Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { loadedUserFunction } from '../io/load-module.ts'
import { describeThrown } from '../core/thrown.ts'
import { notSettled, settledWithin } from '../loop/settled-within.ts'

/**
 * One call of the judged turns, flattened: its turn index (into `transcript.turns`), name and arguments as sent.
 * `arguments` is JavaScript's reading (JSON.parse), as hooks and stubs get it; a check about digits it rounds
 * (`12345678901234567891`) reads `rawArguments`.
 */
// User code is given JSON values, never the loop's exact numbers (core/exact-number.ts), which the scorer's own
// verdicts, schema checks included, read.
export type CheckCall = { readonly turn: number; readonly id: string; readonly name: string; readonly rawArguments: string; readonly arguments?: unknown }

/**
 * What a custom check is given: a frozen copy of the scored case's evidence. For a conversation message's
 * `expect.custom`, `calls`, `finalText` and `state` are that reply's (the transcript is the whole conversation so far).
 */
export type CheckInput = {
  readonly suite: string
  readonly caseId: string
  /** The model under test's id (its label, when it has one). */
  readonly model: string
  readonly repeat: number
  /** A conversation message's check: its 0-based index; absent for the case-level `expect`. */
  readonly userMessage?: number
  /** The calls of the judged turns, in order. */
  readonly calls: readonly CheckCall[]
  /** The last assistant text of the judged turns (`''` when there is none). */
  readonly finalText: string
  /** The world's snapshot after the judged reply (absent without a world). */
  readonly state?: unknown
  /** The whole transcript: every request's settings, turn, call and tool result (see core/transcript.ts). */
  readonly transcript: Transcript
}

/** What a custom check returns (or resolves to): `pass`, a `message` saying why (required when it fails), an optional `score`. */
export type CheckOutcome = { readonly pass: boolean; readonly message?: string; readonly score?: number }

/** A custom check as a module exports it: sync or async. */
export type CustomCheck = (input: CheckInput) => CheckOutcome | Promise<CheckOutcome>

/** A check's judgement: its failures (`custom_check`, or `harness_error`) and, when it answered, its record. */
export type CheckJudgement = { readonly failures: readonly Failure[]; readonly record?: CustomCheckRecord }

const outcomeKeys = ['pass', 'message', 'score'] as const

/** How a result names a check: `<module relative to the suite file>#<export>`. */
export function checkLabel(spec: CustomCheckSpec, suiteFile: string): string {
  return `${relative(dirname(suiteFile), spec.module) || spec.module}#${spec.export}`
}

/**
 * Runs one custom check on its input and judges its answer. Never throws: whatever goes wrong in the user's code is
 * a `harness_error` failure naming the check.
 */
export async function runCustomCheck(spec: CustomCheckSpec, label: string, input: CheckInput, timeoutMs: number): Promise<CheckJudgement> {
  const at = input.userMessage
  const harness = (message: string): CheckJudgement => ({ failures: [{ kind: 'harness_error', message: `custom check ${label} ${message}`, ...(at !== undefined ? { userMessage: at } : {}) }] })
  let check: CustomCheck
  try {
    check = await loadedUserFunction<CustomCheck>(spec.module, spec.export, {})
  } catch (error) {
    return harness(`could not be loaded: ${(error as Error).message}`)
  }
  let timedOut: Error | undefined
  let value: unknown
  try {
    value = await settledWithin(Promise.resolve().then(() => check(input)), timeoutMs, () => (timedOut = new Error('timed out')))
  } catch (error) {
    if (error === timedOut) return harness(notSettled(timeoutMs))
    return harness(`threw: ${describeThrown(error)}`)
  }
  let read: unknown
  try {
    // Read once into a fresh object: reading the answer runs the check's code too (a getter, a Proxy's trap).
    read = isPlainObject(value) ? Object.fromEntries(Object.keys(value).map((key) => [key, (value as Record<string, unknown>)[key]])) : value
  } catch (error) {
    return harness(`returned an answer that cannot be read: ${describeThrown(error)}`)
  }
  const problem = outcomeProblem(read)
  if (problem) return harness(`returned ${problem}; expected { pass: boolean, message?: string, score?: number } (message required when pass is false)`)
  const outcome = read as CheckOutcome
  const record: CustomCheckRecord = {
    kind: 'custom',
    check: label,
    pass: outcome.pass,
    ...(outcome.message !== undefined ? { message: outcome.message } : {}),
    ...(outcome.score !== undefined ? { score: outcome.score } : {}),
    ...(at !== undefined ? { userMessage: at } : {}),
  }
  const failures: Failure[] = outcome.pass ? [] : [{ kind: 'custom_check', message: `${label}: ${outcome.message}`, ...(at !== undefined ? { userMessage: at } : {}) }]
  return { failures, record }
}

/** What is wrong with a check's answer, or undefined when it has the documented shape. */
function outcomeProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return value === undefined ? 'nothing' : `${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`
  const outcome = value as Record<string, unknown>
  const unknown = Object.keys(outcome).find((key) => !(outcomeKeys as readonly string[]).includes(key))
  if (unknown !== undefined) return `an object with an unknown key "${unknown}"${didYouMean(unknown, outcomeKeys)}`
  if (typeof outcome.pass !== 'boolean') return `a pass that is ${outcome.pass === undefined ? 'missing' : `a ${typeof outcome.pass}`}`
  if (outcome.message !== undefined && typeof outcome.message !== 'string') return `a message that is a ${typeof outcome.message}`
  if (outcome.pass === false && (typeof outcome.message !== 'string' || outcome.message.trim() === '')) return 'pass: false without a message'
  if (outcome.score !== undefined && (typeof outcome.score !== 'number' || !Number.isFinite(outcome.score))) return 'a score that is not a finite number'
  return undefined
}
