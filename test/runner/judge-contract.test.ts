// A judge given as the caller's own Provider (RunOptions.providers, as tests and library users do) that breaks the
// provider contract — an answer with no text, a throw of anything — is judge_error's "no verdict", not a crashed run.
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import { Judges } from '../../src/runner/judges.ts'
import { makeCase } from '../helpers/cases.ts'
import { trapped } from '../helpers/trapped.ts'

const judge = { model: 'custom-judge', rubric: 'Says the weather.', threshold: 0.5 }
const testCase = makeCase({ expect: { calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', final: { judge } } })

async function outcomeOf(doGenerate: Provider['doGenerate']) {
  const judges = new Judges({ providers: [{ id: 'custom-judge', doGenerate } as Provider] })
  await judges.prepare([testCase], 1)
  return judges.judge({ testCase, judge, index: 0, question: 'Weather?', answer: 'Sunny.' })
}

describe('a judge provider that breaks the contract', () => {
  it.each([
    ['an answer whose text is undefined', async () => ({ text: undefined }), 'answered with no text (undefined)'],
    ['an answer whose text is a number', async () => ({ text: 7 }), 'answered with no text (a number)'],
    ['a throw of an object without a prototype', async () => { throw Object.create(null) }, 'failed: {}'],
    // Its facts (a status, retries) are looked for down its causes: a read that throws finds none, never throws.
    ['a throw of a Proxy whose every trap throws', async () => { throw trapped() }, 'failed: a value that cannot be described'],
  ])('%s is an error the case reports as judge_error', async (_, doGenerate, fragment) => {
    const outcome = await outcomeOf(doGenerate as unknown as Provider['doGenerate'])
    expect(outcome).toEqual({ error: expect.stringContaining(fragment) })
  })
})
