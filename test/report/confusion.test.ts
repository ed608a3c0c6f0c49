import { describe, expect, it } from 'vitest'
import { noTool } from '../../src/report/confusion.ts'
import { confusionMatrix } from '../helpers/report-folds.ts'
import { makeResult } from '../stats/make-result.ts'

const call = (name: string) => ({ turn: 0, id: name, name, rawArguments: '{}' })

describe('tool confusion matrix', () => {
  it('counts right tools, wrong tools, missed and extra calls, and correct no-calls', () => {
    const matrix = confusionMatrix([
      makeResult({ case: 'right', passed: true, expectedTools: ['get_weather'], calls: [call('get_weather')] }),
      makeResult({ case: 'wrong', passed: false, expectedTools: ['get_weather'], calls: [call('get_time')] }),
      makeResult({ case: 'missed', passed: false, expectedTools: ['get_weather', 'get_time'], calls: [call('get_time')] }),
      makeResult({ case: 'extra', passed: false, expectedTools: [], calls: [call('made_up')] }),
      makeResult({ case: 'quiet', passed: true, expectedTools: [], calls: [] }),
    ])
    expect(matrix.expected).toEqual(['get_time', 'get_weather', noTool])
    expect(matrix.called).toEqual(['get_time', 'get_weather', 'made_up', noTool])
    expect(matrix.counts).toEqual({
      get_weather: { get_weather: 1, get_time: 1, [noTool]: 1 },
      get_time: { get_time: 1 },
      [noTool]: { made_up: 1, [noTool]: 1 },
    })
  })
  it('matches parallel calls as multisets regardless of order', () => {
    const matrix = confusionMatrix([makeResult({ case: 'p', passed: true, expectedTools: ['a', 'b', 'a'], calls: [call('b'), call('a'), call('a')] })])
    expect(matrix.counts).toEqual({ a: { a: 2 }, b: { b: 1 } })
  })
})
