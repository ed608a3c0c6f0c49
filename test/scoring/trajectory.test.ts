// Issue 24, "Trajectory": `order: in_order` beside `any` and `strict`, `extra_calls: allow`, `forbid`
// (forbidden_call) and `max_calls` (too_many_calls), for single-request cases — scored through scoreCase.
import { describe, expect, it } from 'vitest'
import type { Expectation } from '../../src/core/case.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const time = { name: 'get_time', args: { city: 'Paris' } }
const w = (city: string): [string, string] => ['get_weather', JSON.stringify({ city })]
const t = (city: string): [string, string] => ['get_time', JSON.stringify({ city })]

/** Scores scripted calls (one turn each) against an expectation; the model answers "done" after them. */
async function score(expect: Partial<Expectation>, ...calls: [string, string][]) {
  const turns = [...calls.map((call) => turn('', call)), turn('done')]
  return (await runScripted(makeCase({ expect }), turns)).score
}

describe('order: any', () => {
  it('accepts the expected calls in any order; an extra call is unexpected_call', async () => {
    expect(kinds(await score({ calls: [paris, time], order: 'any' }, t('Paris'), w('Paris')))).toEqual([])
    expect(kinds(await score({ calls: [paris], order: 'any' }, t('Oslo'), w('Paris')))).toEqual(['unexpected_call'])
  })

  it('with extra_calls: allow, extra calls before, between and after are accepted', async () => {
    const result = await score({ calls: [paris, time], order: 'any', extraCalls: 'allow' }, w('Oslo'), t('Paris'), w('Rome'), w('Paris'), t('Oslo'))
    expect(result.failures).toEqual([])
    expect(result.passed).toBe(true)
  })

  it('with extra_calls: allow, an expected call not made is missing_call, not a wrong_tool standing in for it', async () => {
    const result = await score({ calls: [paris], extraCalls: 'allow' }, t('Paris'))
    expect(kinds(result)).toEqual(['missing_call'])
    // Without allow the surplus call stands in for it, as before.
    expect(kinds(await score({ calls: [paris] }, t('Paris')))).toEqual(['wrong_tool'])
  })
})

describe('order: in_order', () => {
  it('passes when the expected calls come in order; fails with wrong_order when they do not', async () => {
    expect(kinds(await score({ calls: [paris, time], order: 'in_order' }, w('Paris'), t('Paris')))).toEqual([])
    const reversed = await score({ calls: [paris, time], order: 'in_order' }, t('Paris'), w('Paris'))
    expect(kinds(reversed)).toEqual(['wrong_order'])
    expect(reversed.failures[0]?.message).toBe('calls came in the order get_time → get_weather, expected get_weather → get_time')
  })

  it('without extra_calls: allow, a call between them is unexpected_call (and the order still holds)', async () => {
    const result = await score({ calls: [paris, time], order: 'in_order' }, w('Paris'), w('Oslo'), t('Paris'))
    expect(kinds(result)).toEqual(['unexpected_call'])
    expect(result.failures[0]?.path).toBe('turns[1].calls[0]')
  })

  it('with extra_calls: allow, other calls may come between, before and after', async () => {
    const expect_: Partial<Expectation> = { calls: [paris, time], order: 'in_order', extraCalls: 'allow' }
    expect(kinds(await score(expect_, t('Oslo'), w('Paris'), w('Oslo'), t('Rome'), t('Paris'), w('Rome')))).toEqual([])
    expect(kinds(await score(expect_, t('Paris'), w('Oslo'), w('Paris')))).toEqual(['wrong_order'])
  })

  it('finds the in-order pairing among repeated calls to one tool (a call that fits two expectations)', async () => {
    // The first get_weather fits both expectations; only pairing it with the first keeps the order.
    const result = await score({ calls: [{ name: 'get_weather' }, paris], order: 'in_order', extraCalls: 'allow' }, w('Paris'), t('Paris'), w('Paris'))
    expect(result.failures).toEqual([])
  })
})

describe('order: strict', () => {
  it('passes in order; reversed is wrong_order; an extra call is unexpected_call', async () => {
    expect(kinds(await score({ calls: [paris, time], order: 'strict' }, w('Paris'), t('Paris')))).toEqual([])
    expect(kinds(await score({ calls: [paris, time], order: 'strict' }, t('Paris'), w('Paris')))).toEqual(['wrong_order'])
    expect(kinds(await score({ calls: [paris, time], order: 'strict' }, w('Paris'), t('Paris'), t('Oslo')))).toEqual(['unexpected_call'])
  })

  it('with extra_calls: allow, extra calls only before or after the expected ones, never between them', async () => {
    const strict: Partial<Expectation> = { calls: [paris, time], order: 'strict', extraCalls: 'allow' }
    expect(kinds(await score(strict, t('Oslo'), w('Paris'), t('Paris'), w('Rome')))).toEqual([])
    const between = await score(strict, w('Paris'), w('Oslo'), t('Paris'))
    expect(kinds(between)).toEqual(['unexpected_call'])
    expect(between.failures[0]).toMatchObject({ path: 'turns[1].calls[0]', message: expect.stringContaining('between the expected calls') })
    expect(kinds(await score(strict, t('Paris'), w('Paris')))).toEqual(['wrong_order'])
  })

  it('with extra_calls: allow, picks the contiguous run when an expected call is repeated earlier', async () => {
    // get_weather(Paris), get_time(Oslo), get_weather(Paris), get_time(Paris): the last two are the run.
    const result = await score({ calls: [paris, time], order: 'strict', extraCalls: 'allow' }, w('Paris'), t('Oslo'), w('Paris'), t('Paris'))
    expect(result.failures).toEqual([])
  })
})

describe('forbid: forbidden_call', () => {
  it('any call to a forbidden tool, once per call, at the call, not also unexpected_call', async () => {
    const result = await score({ calls: [paris], forbid: [{ name: 'get_time' }] }, w('Paris'), t('Paris'), t('Oslo'))
    expect(kinds(result)).toEqual(['forbidden_call', 'forbidden_call'])
    expect(result.failures.map((failure) => failure.path)).toEqual(['turns[1].calls[0]', 'turns[2].calls[0]'])
    expect(result.failures[0]?.message).toBe('get_time must not be called at all; the model called it with {"city":"Paris"}')
    expect(result.verdict).toBe('failed')
  })

  it('with args: only calls those matchers accept are forbidden', async () => {
    const forbid = [{ name: 'get_weather', args: { city: { regex: '^Tok' } } }]
    expect(kinds(await score({ calls: [paris], forbid, extraCalls: 'allow' }, w('Paris'), w('Rome')))).toEqual([])
    const result = await score({ calls: [paris], forbid, extraCalls: 'allow' }, w('Paris'), w('Tokyo'))
    expect(kinds(result)).toEqual(['forbidden_call'])
    expect(result.failures[0]?.message).toContain('with {"city":{"regex":"^Tok"}}')
  })

  it('an expectation a forbidden call also fits takes the allowed call instead', async () => {
    const result = await score({ calls: [{ name: 'get_weather' }], forbid: [{ name: 'get_weather', args: { city: 'Tokyo' } }] }, w('Tokyo'), w('Paris'))
    expect(kinds(result)).toEqual(['forbidden_call'])
    expect(result.metrics.selectedCalls).toBe(1)
  })

  it('a forbidden call standing where an expected one should be is not also wrong_tool', async () => {
    expect(kinds(await score({ calls: [paris], forbid: [{ name: 'get_time' }] }, t('Paris')))).toEqual(['forbidden_call'])
  })
})

describe('max_calls: too_many_calls', () => {
  it('counts every call of the case; reports once, at the first call over the limit', async () => {
    expect(kinds(await score({ calls: [paris], maxCalls: 2, extraCalls: 'allow' }, w('Paris'), t('Paris')))).toEqual([])
    const result = await score({ calls: [paris], maxCalls: 2, extraCalls: 'allow' }, w('Paris'), t('Paris'), w('Paris'))
    expect(kinds(result)).toEqual(['too_many_calls'])
    expect(result.failures[0]).toMatchObject({ path: 'turns[2].calls[0]', message: 'the model made 3 calls, max_calls is 2' })
    expect(result.verdict).toBe('failed')
  })

  it('max_calls: 0 with no expected calls: any call is too many', async () => {
    const result = await score({ maxCalls: 0, extraCalls: 'allow' }, t('Paris'))
    expect(kinds(result)).toEqual(['too_many_calls'])
  })
})
