import { didYouMean } from '../core/did-you-mean.ts'
import { describeThrown } from '../core/thrown.ts'
import { HarnessError } from './harness-error.ts'
import type { AfterToolCallOutcome, BeforeToolCallOutcome } from './hooks.ts'
import { takeJson } from './json-problem.ts'

/** The keys each hook's outcome object may have (exactly one of them), as README "Hooks" documents. */
const outcomeKeys = {
  beforeToolCall: ['arguments', 'result', 'reject'],
  afterToolCall: ['result'],
} as const

type HookName = keyof typeof outcomeKeys
type Call = { readonly name: string; readonly id: string }

/** What each hook may return besides nothing. */
type HookOutcomes = { beforeToolCall: Exclude<BeforeToolCallOutcome, void>; afterToolCall: Exclude<AfterToolCallOutcome, void> }

/**
 * What a hook returned, checked against the documented shape: nothing, or an object with exactly one of its keys —
 * `beforeToolCall`: `arguments`, `result` (both JSON values) or `reject` (a string); `afterToolCall`: `result`.
 * Anything else is a HarnessError naming the hook, the tool and what was wrong — a slip such as `{ rejct }` would
 * otherwise be ignored and the call run as if the hook had said nothing.
 */
export function checkedOutcome<H extends HookName>(hook: H, value: unknown, call: Call): HookOutcomes[H] | undefined {
  if (value === undefined) return undefined
  const fail = (what: string, why: string) => new HarnessError(`${hook} on ${call.name} (call ${call.id}) returned ${what}: ${why}`)
  try {
    return outcomeOf(hook, value, fail)
  } catch (error) {
    // Reading the outcome ran the hook's code (a getter, a Proxy's trap) and it threw.
    if (HarnessError.isInstance(error)) throw error
    throw fail('an object that cannot be read', describeThrown(error))
  }
}

/** The outcome read once into a fresh object (its value taken as JSON), so nothing the hook does later reaches the loop. */
function outcomeOf<H extends HookName>(hook: H, value: unknown, fail: (what: string, why: string) => HarnessError): HookOutcomes[H] {
  const keys: readonly string[] = outcomeKeys[hook]
  const shape = keys.map((key) => `{ ${key === 'reject' ? 'reject: string' : key} }`).join(', ')
  const expected = `expected nothing (undefined) or ${keys.length > 1 ? `one of ${shape}` : shape}`
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail(kindOf(value), expected)
  const own = Object.keys(value)
  const unknown = own.find((key) => !keys.includes(key))
  if (unknown !== undefined) throw fail(`an object with an unknown key "${unknown}"${didYouMean(unknown, keys)}`, expected)
  if (own.length === 0) throw fail('an empty object', expected)
  if (own.length > 1) throw fail(`both ${own.join(' and ')}`, `${expected}, not several`)
  const key = own[0]!
  const given = (value as Record<string, unknown>)[key]
  if (key === 'reject') {
    if (typeof given !== 'string') throw fail(`a reject that is ${kindOf(given)}`, 'reject is the error message sent to the model: a string')
    return { reject: given } as HookOutcomes[H]
  }
  const taken = takeJson(given, key)
  if (taken.problem !== undefined) throw fail(`a ${key} that cannot be sent as JSON`, taken.problem)
  return { [key]: taken.value } as HookOutcomes[H]
}

/** `a string`, `a number`, `null`, `an array` … for messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'object':
      return 'an object'
    case 'bigint':
      return 'a BigInt'
    default:
      return `a ${typeof value}`
  }
}
