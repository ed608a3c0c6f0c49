// `compare --markdown` goes to a pull-request comment or $GITHUB_STEP_SUMMARY, which GitHub renders: model names,
// case ids and tool names come from reports and tool definitions (an MCP server names its own tools), so none of
// them may end a table cell, close a code span or become HTML.
import { describe, expect, it } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { comparisonMarkdown } from '../../src/compare/format-comparison.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'
import { toMarkdown } from '../../src/report/markdown.ts'

const hostileModel = 'evil|model`<img src=x onerror=alert(1)>'
const hostileCase = 'x|y`<b>bold</b>'

/** A comparison with one broken case and a tool whose definition grew, every name hostile. */
function hostileMarkdown(): string {
  const base = reportOf([makeResult({ case: hostileCase, model: hostileModel, passed: true })])
  const head = reportOf([makeResult({ case: hostileCase, model: hostileModel, passed: false })])
  const comparison = compareReports(base, head, { alpha: 0.05 })
  return comparisonMarkdown({
    ...comparison,
    toolTokens: [{ baseModel: hostileModel, headModel: hostileModel, variant: 'v|1', tools: [{ name: 'get|weather<script>', before: 10, after: 20, delta: 10, status: 'changed' }] }],
  })
}

/** The cells of a Markdown table row: split on the pipes that are not escaped. */
function cells(line: string): string[] {
  return line.replace(/^\| | \|$/g, '').split(/(?<!\\)\|/)
}

describe('compare --markdown with hostile names', () => {
  it('keeps a tool name with a pipe in its own cell of the tool-token table', () => {
    const row = hostileMarkdown().split('\n').find((line) => line.startsWith('| ') && line.includes('get'))!
    expect(cells(row)).toHaveLength(4)
    expect(cells(row)[0]).toContain('get')
  })

  it('writes no HTML a model name or case id carried, and no code span they close', () => {
    const md = hostileMarkdown()
    expect(md).toContain('Newly broken (1)')
    // Outside the code spans the formatter wrote, no tag a name carried (inside one, `<b>` is shown as written).
    expect(md.replace(/(?<!\\)`[^`]*(?<!\\)`/g, '')).not.toMatch(/<(?:img|b|script)\b/)
    // Every backtick left in the text opens or closes a code span the formatter wrote: an even number per line.
    for (const line of md.split('\n')) expect((line.match(/(?<!\\)`/g) ?? []).length % 2, line).toBe(0)
  })
})

describe('Markdown with bidi and control characters in names', () => {
  const bidi = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/

  it('writes them visibly (\\u202e), so no name reorders the rest of its line on GitHub', () => {
    const model = 'model\u202eevil'
    const id = 'case\u2066x\u001b[2J'
    const base = reportOf([makeResult({ case: id, model, passed: true })])
    const head = reportOf([makeResult({ case: id, model, passed: false, failures: [{ kind: 'wrong_tool', message: 'called\u202e the wrong tool' }] })])
    const compared = comparisonMarkdown(compareReports(base, head, { alpha: 0.05 }))
    const summary = toMarkdown(head)
    for (const md of [compared, summary]) {
      expect(md).not.toMatch(bidi)
      expect(md).toContain('u202e')
    }
  })
})
