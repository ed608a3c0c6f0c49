// A bidi override in a case id, an argument or a final text would reorder what follows it on the page (a wrong
// argument could read as the right one), and C0/C1 controls show as nothing: the HTML report writes them visibly,
// as the terminal does (`\u202e`), keeping tabs and line breaks.
import { describe, expect, it } from 'vitest'
import { toHtml } from '../../src/report/html/page.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

const hidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

describe('HTML report with control and bidi characters', () => {
  it('writes them visibly everywhere, keeping line breaks', () => {
    const result = makeResult({
      case: 'paris\u202eevil', model: 'model\u2066x', passed: false,
      failures: [{ kind: 'wrong_argument_value', message: 'city: expected "Paris", got "\u202esiraP"' }],
      calls: [{ turn: 0, id: 'c1', name: 'get_weather\u001b[2J', rawArguments: '{"city":"\u202esiraP"}\n' }],
    })
    const html = toHtml(reportOf([result]))
    expect(html).not.toMatch(hidden)
    expect(html).toContain('paris\\u202eevil')
    expect(html).toContain('get_weather\\x1b[2J')
  })
})
