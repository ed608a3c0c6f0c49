import { describe, expect, it } from 'vitest'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const nfc = 'Café in Zürich'
const nfd = nfc.normalize('NFD')

describe('final-answer matching compares Unicode-normalized (NFC) text on both sides', () => {
  it('contains: a precomposed expectation matches a decomposed answer, and the other way round', async () => {
    for (const [expected, answered] of [[nfc, nfd], [nfd, nfc]] as const) {
      expect(expected).not.toBe(answered)
      const { score } = await runScripted(makeCase({ expect: { final: { contains: [expected] } } }), [turn(`The ${answered} is open.`)])
      expect(kinds(score)).toEqual([])
    }
  })

  it('regex: the pattern is normalized too', async () => {
    for (const [expected, answered] of [[nfc, nfd], [nfd, nfc]] as const) {
      const { score } = await runScripted(makeCase({ expect: { final: { regex: `^The ${expected}`, flags: 'u' } } }), [turn(`The ${answered} is open.`)])
      expect(kinds(score)).toEqual([])
    }
  })

  it('a different text still fails', async () => {
    const { score } = await runScripted(makeCase({ expect: { final: { contains: ['Cafe in Zurich'], regex: 'Zürich$' } } }), [turn(`The ${nfd} is open.`)])
    expect(kinds(score)).toEqual(['final_answer_mismatch', 'final_answer_mismatch'])
  })
})
