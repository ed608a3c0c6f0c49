import type { Expectation, ExpectedCall } from '../core/case.ts'
import type { Failure } from '../core/result.ts'
import { describe, matchArguments } from '../matchers/argument-matchers.ts'
import type { FlatCall } from './flat-calls.ts'
import { judgedArguments } from '../loop/parse-arguments.ts'
import { valueInMessage } from '../core/shorten.ts'

/**
 * For each call, whether it is one the case forbids (`forbid:`): same tool name, and, where the entry has `args`,
 * well-formed arguments those matchers accept.
 */
export function forbiddenCalls(expect: Expectation, calls: readonly FlatCall[]): boolean[] {
  const forbid = expect.forbid ?? []
  return calls.map((flat) => forbid.some((entry) => forbids(entry, flat)))
}

/** `forbidden_call`: one failure per call the case forbids, at the call. */
export function forbiddenCallFailures(expect: Expectation, calls: readonly FlatCall[]): Failure[] {
  const forbid = expect.forbid ?? []
  return calls.flatMap((flat): Failure[] => {
    const entry = forbid.find((candidate) => forbids(candidate, flat))
    if (!entry) return []
    const rule = entry.args ? `with ${describe(entry.args)}` : 'at all'
    return [{ kind: 'forbidden_call', message: `${flat.call.name} must not be called ${rule}; the model called it with ${flat.call.rawArguments ? valueInMessage(flat.call.rawArguments) : '(no arguments)'}`, path: flat.path }]
  })
}

/** `too_many_calls`: more calls than `max_calls`, counted over every turn (hallucinated and rejected calls too), at the first call over it. */
export function tooManyCallsFailures(expect: Expectation, calls: readonly FlatCall[]): Failure[] {
  const max = expect.maxCalls
  if (max === undefined || calls.length <= max) return []
  const first = calls[max]
  return [{ kind: 'too_many_calls', message: `the model made ${calls.length} calls, max_calls is ${max}`, ...(first ? { path: first.path } : {}) }]
}

function forbids(entry: ExpectedCall, flat: FlatCall): boolean {
  if (flat.call.name !== entry.name) return false
  if (!entry.args) return true
  return flat.call.check.wellFormed && matchArguments(entry.args, judgedArguments(flat.call)).ok
}
