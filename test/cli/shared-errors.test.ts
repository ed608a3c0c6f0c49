// The run's end says a model's one shared error once per model (cli/shared-error.ts): a model whose errored cases
// differ, or that errored once, gets no line, whatever the other models did. A case the run did not send to a server
// it found unreachable is known by its failure's `stoppedCalling` field, never by its message's words.
import { expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { sharedErrors, stoppedCalls } from '../../src/cli/shared-error.ts'

const result = (model: string, caseId: string, failure?: { kind: string; message: string; stoppedCalling?: string }): CaseResult => ({
  suite: 's', case: caseId, model, repeat: 0, passed: failure === undefined, verdict: failure === undefined ? 'passed' : 'errored',
  failures: failure === undefined ? [] : [failure],
} as unknown as CaseResult)

const down = (model: string) => ({ kind: 'provider_error', message: `${model}: connection failed: fetch failed (ECONNREFUSED)` })

it('names each model whose errored cases share one error, and only those', () => {
  const results = [
    result('a', 'c1', down('a')), result('b', 'c1', down('b')), result('c', 'c1', down('c')), result('d', 'c1'),
    result('a', 'c2', down('a')), result('b', 'c2', { kind: 'provider_error', message: 'b: 500 Internal Server Error' }), result('c', 'c2'), result('d', 'c2'),
    result('a', 'c3', down('a')), result('b', 'c3', down('b')), result('c', 'c3'), result('d', 'c3'),
  ]
  expect(sharedErrors(results)).toEqual([{ model: 'a', ...down('a'), count: 3 }])
})

it('a one-model run names no model', () => {
  expect(sharedErrors([result('a', 'c1', down('a')), result('a', 'c2', down('a'))])).toEqual([{ ...down('a'), count: 2 }])
  expect(sharedErrors([result('a', 'c1', down('a')), result('a', 'c2')])).toEqual([])
})

// The breaker's own wording, as a server's error body, a model's text echoed in an error or a hook's throw can repeat it.
const breakerWords = 'stopped calling http://127.0.0.1:9/v1/chat/completions: nothing answered there for 3 requests in a row'

it('an errored case whose message has the breaker\'s words, but that the breaker did not stop, is no case not sent', () => {
  const echoed = [
    result('a', 'c1', { kind: 'provider_error', message: `a: 400 ${breakerWords}` }),
    result('a', 'c2', { kind: 'harness_error', message: `beforeToolCall hook of get_weather threw: Error: ${breakerWords}` }),
  ]
  expect(stoppedCalls(echoed)).toEqual([])
  // Nor does it join the cases before it as sharing their cause: the model's errored cases differ.
  expect(sharedErrors([result('a', 'c0', down('a')), result('a', 'c0b', down('a')), ...echoed])).toEqual([])
})

it('a case the breaker stopped is counted by its marker, whatever its message says', () => {
  const stopped = (caseId: string, message: string) => result('a', caseId, { kind: 'provider_error', message, stoppedCalling: 'http://127.0.0.1:9/v1/chat/completions' })
  const results = [result('a', 'c1', down('a')), result('a', 'c2', down('a')), stopped('c3', 'a: the run sends this server no more'), stopped('c4', 'a: reworded')]
  expect(stoppedCalls(results)).toEqual([{ model: 'a', target: 'http://127.0.0.1:9/v1/chat/completions', count: 2 }])
  expect(sharedErrors(results)).toEqual([{ ...down('a'), count: 4 }])
})
