import { describe, expect, it } from 'vitest'
import { toMarkdown } from '../../src/report/markdown.ts'
import type { ConfusionRow } from '../../src/variants/confusion-rows.ts'
import type { VariantComparison, VariantMetricDelta } from '../../src/variants/variant-deltas.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'

// report.md's variant section: the model, variant and tool names come from the config, the suite and the model's
// calls, so each is written with report/markdown-text.ts as every other Markdown cell is.

const delta: VariantMetricDelta = { base: 0.5, value: 0.25, delta: -0.25, test: 'mcnemar', pValue: 0.5, significant: false }

function variantReport(model: string, variant: string, expected: string, actual: string): string {
  const comparison: VariantComparison = { model, variant, base: 'base', pairedCases: 4, accuracy: delta, selection: delta, toolTokensPerRequest: { ...delta, test: 'sign-flip' } }
  const confusion: ConfusionRow[] = [{ model, variant, expected, actual, count: 2 }]
  return toMarkdown(reportOf([makeResult({ case: 'paris', model, variant, passed: true })], { variantComparisons: [comparison], confusion }))
}

function confusionLine(md: string): string {
  const line = md.split('\n').find((l) => l.startsWith('- ') && l.includes('(2×)'))
  expect(line).toBeDefined()
  return line!
}

describe('report.md variant section', () => {
  it('writes a model name with a backtick inert: no HTML, no emphasis escapes the code span', () => {
    const line = confusionLine(variantReport('evil`<img src=x onerror=alert(1)>`**b**', 'vague', 'get_weather', 'get_time'))
    expect(line).not.toContain('<img')
    expect(line).toContain('evil\\`&lt;img src=x onerror=alert\\(1\\)&gt;\\`\\*\\*b\\*\\*')
  })

  it('writes control and bidi characters of a model name visibly (\\u202e)', () => {
    const line = confusionLine(variantReport('model\u202eevil\u001b[2J', 'vague', 'get_weather', 'get_time'))
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(line).toContain('`model\\u202eevil\\x1b[2J`')
  })

  it('keeps a plain model name in a code span and escapes hostile tool and variant names', () => {
    const line = confusionLine(variantReport('openai:gpt-4o', 'v|x', 'a<b>', 'c|d'))
    expect(line).toBe('- `openai:gpt-4o` · **v\\|x**: a&lt;b&gt; → c\\|d (2×)')
  })

  it('writes the comparison table cells inert, one cell per column', () => {
    const md = variantReport('m|x`<b>', 'v\u202e|y', 'get_weather', 'get_time')
    const row = md.split('\n').find((l) => l.startsWith('| ') && l.includes('pts'))!
    expect(row).not.toMatch(/<b>|[\u202a-\u202e]/)
    expect(row.split(/(?<!\\)\|/).length).toBe(comparisonColumns + 2)
  })
})

const comparisonColumns = 6
