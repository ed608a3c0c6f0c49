import type { Case } from '../core/case.ts'
import { providerFailureFacts } from '../core/errors.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import type { FlatCall } from './flat-calls.ts'

/** `not_parallel`: with `parallel: true`, every expected call that was made must come in one assistant turn. */
export function parallelFailures(testCase: Case, calls: readonly FlatCall[], pairs: readonly number[]): Failure[] {
  if (!testCase.expect.parallel) return []
  const turns = new Set(pairs.filter((column) => column !== -1).map((column) => calls[column]?.turn))
  return turns.size > 1
    ? [{ kind: 'not_parallel', message: `expected all ${testCase.expect.calls.length} calls in one assistant turn, they came in ${turns.size} turns` }]
    : []
}

/** `tool_choice_violation`: the first turn broke the case's tool_choice (none → no call, required → a call, {name} → only that tool). */
export function toolChoiceFailures(testCase: Case, transcript: Transcript): Failure[] {
  const first = transcript.turns[0]
  if (!first) return []
  const choice = testCase.toolChoice
  const names = first.calls.map((call) => call.name)
  const violation = choice === 'none'
    ? names.length > 0 && `tool_choice none, yet the model called ${names.join(', ')}`
    : choice === 'required'
      ? names.length === 0 && 'tool_choice required, yet the model answered without a call'
      : typeof choice === 'object' && (names.length === 0 || names.some((name) => name !== choice.name))
        && `tool_choice forced ${choice.name}, the model ${names.length === 0 ? 'made no call' : `called ${names.join(', ')}`}`
  return violation ? [{ kind: 'tool_choice_violation', message: violation, path: 'turns[0]' }] : []
}

/**
 * `final_answer_mismatch`: the last assistant text must contain every listed string and match the regex. Both
 * sides are compared in Unicode NFC, so "café" typed precomposed in a suite matches a model's "cafe" + U+0301.
 */
export function finalAnswerFailures(testCase: Case, transcript: Transcript): Failure[] {
  const final = testCase.expect.final
  if (!final) return []
  const last = transcript.turns.at(-1)
  const text = (last?.text ?? '').normalize('NFC')
  const path = last ? `turns[${last.index}].text` : undefined
  const failures: Failure[] = []
  for (const needle of final.contains ?? []) {
    if (!text.includes(needle.normalize('NFC'))) failures.push({ kind: 'final_answer_mismatch', message: `final answer does not contain "${needle}"`, ...(path ? { path } : {}) })
  }
  if (final.regex !== undefined && !new RegExp(final.regex.normalize('NFC'), final.flags ?? '').test(text)) {
    failures.push({ kind: 'final_answer_mismatch', message: `final answer does not match /${final.regex}/${final.flags ?? ''}`, ...(path ? { path } : {}) })
  }
  return failures
}

/**
 * `max_turns_exceeded`, `provider_error` and `harness_error`: how the loop ended. `max_turns` allows at most N
 * model turns, so running out of turns is a failure only when the case expected a final answer that never came,
 * or the last turn still called tools the expectation does not account for (calls paired with no expected call).
 */
export function loopEndFailures(testCase: Case, transcript: Transcript, calls: readonly FlatCall[], pairs: readonly number[]): Failure[] {
  if (transcript.stop === 'max-turns') {
    const last = transcript.turns.at(-1)?.index
    const paired = new Set(pairs)
    const unaccounted = calls.some((flat, column) => flat.turn === last && !paired.has(column))
    if (testCase.expect.final !== undefined) {
      return [{ kind: 'max_turns_exceeded', message: `expected a final answer, but the model was still calling tools after max_turns (${testCase.maxTurns}) turns` }]
    }
    return unaccounted
      ? [{ kind: 'max_turns_exceeded', message: `the model was still calling tools the expectation does not account for after max_turns (${testCase.maxTurns}) turns` }]
      : []
  }
  if (transcript.stop === 'provider-error') {
    return [{ kind: 'provider_error', message: transcript.error ?? 'the provider failed', ...providerFailureFacts(transcript) }]
  }
  if (transcript.stop === 'harness-error') return [{ kind: 'harness_error', message: transcript.error ?? 'a hook failed' }]
  return []
}
