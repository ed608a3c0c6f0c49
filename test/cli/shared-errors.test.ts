// The run's end says a model's one shared error once per model (cli/shared-error.ts): a model whose errored cases
// differ, or that errored once, gets no line, whatever the other models did.
import { expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { sharedErrors } from '../../src/cli/shared-error.ts'

const result = (model: string, caseId: string, failure?: { kind: string; message: string }): CaseResult => ({
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
