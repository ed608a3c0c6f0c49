import { describe, expect, it } from 'vitest'
import { confusedPairs, diagonalTotals, noTool } from '../../src/report/confusion.ts'
import { confusionMatrix } from '../helpers/report-folds.ts'
import { confusionHtml, gridLimit } from '../../src/report/html/confusion.ts'
import { makeResult } from '../stats/make-result.ts'

const call = (name: string) => ({ turn: 0, id: name, name, rawArguments: '{}' })

/** One case per tool, each calling the right tool, plus the confusions given. */
function matrixOf(tools: number, confusions: readonly [string, string | null][] = []) {
  const right = Array.from({ length: tools }, (_, i) => makeResult({ case: `c${i}`, passed: true, expectedTools: [`t${i}`], calls: [call(`t${i}`)] }))
  const wrong = confusions.map(([expected, called], i) => makeResult({ case: `w${i}`, passed: false, expectedTools: [expected], calls: called ? [call(called)] : [] }))
  return confusionMatrix([...right, ...wrong])
}

describe('confused pairs and diagonal totals', () => {
  const matrix = confusionMatrix([
    makeResult({ case: 'a', passed: false, expectedTools: ['get_weather'], calls: [call('get_time')] }),
    makeResult({ case: 'b', passed: false, expectedTools: ['get_weather'], calls: [call('get_time')] }),
    makeResult({ case: 'c', passed: true, expectedTools: ['get_weather'], calls: [call('get_weather')] }),
    makeResult({ case: 'd', passed: false, expectedTools: ['get_time'], calls: [] }),
    makeResult({ case: 'e', passed: true, expectedTools: ['get_time'], calls: [call('get_time')] }),
    makeResult({ case: 'f', passed: false, expectedTools: [], calls: [call('made_up')] }),
    makeResult({ case: 'g', passed: true, expectedTools: [], calls: [] }),
  ])

  it('lists off-diagonal cells, most frequent first, then by name', () => {
    expect(confusedPairs(matrix)).toEqual([
      { expected: 'get_weather', called: 'get_time', count: 2 },
      { expected: noTool, called: 'made_up', count: 1 },
      { expected: 'get_time', called: noTool, count: 1 },
    ])
  })

  it('totals the diagonal per expected tool, least often right first, without the (none) row', () => {
    expect(diagonalTotals(matrix)).toEqual([
      { tool: 'get_weather', expected: 3, right: 1, called: 1 },
      { tool: 'get_time', expected: 2, right: 1, called: 3 },
    ])
  })
})

describe('the HTML confusion matrix', () => {
  it(`keeps the grid up to ${gridLimit} tools`, () => {
    const html = confusionHtml(matrixOf(gridLimit, [['t0', 't1']]))
    expect(html).toContain('<table class="confusion">')
    expect(html).not.toContain('confused-pairs')
  })

  it(`shows the top pairs and the diagonal totals beyond ${gridLimit} tools`, () => {
    const html = confusionHtml(matrixOf(gridLimit + 1, [['t0', 't1'], ['t0', 't1'], ['t2', null]]))
    expect(html).not.toContain('<table class="confusion">')
    expect(html).toContain(`${gridLimit + 1} tools: too many for a grid`)
    expect(html).toContain('<tbody><tr><td>t0</td><td>t1</td><td>2</td></tr><tr><td>t2</td><td>(none)</td><td>1</td></tr></tbody>')
    expect(html).toContain(`Diagonal totals: ${gridLimit + 1} of ${gridLimit + 4} expected calls right`)
    expect(html).toContain('<tr><td>t0</td><td>3</td><td>1</td><td>33.3%</td><td>1</td></tr>')
  })

  it('counts called names too: 41 invented tools are too many for a grid', () => {
    const invented = Array.from({ length: gridLimit + 1 }, (_, i) => ['t0', `invented_${i}`] as [string, string])
    expect(confusionHtml(matrixOf(1, invented))).toContain('confused-pairs')
  })

  it('escapes tool names a model wrote in the pairs and the totals', () => {
    const hostile = `<img src=x onerror="alert(1)">`
    const html = confusionHtml(matrixOf(gridLimit + 1, [['t0', hostile], [hostile, 't0']]))
    expect(html).not.toContain('<img')
    expect(html).toContain('<td>t0</td><td>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</td><td>1</td>')
    expect(html).toContain('<td>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</td><td>1</td><td>0</td>')
  })
})
