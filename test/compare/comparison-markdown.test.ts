// `compare --markdown` goes to a pull-request comment or $GITHUB_STEP_SUMMARY, which GitHub renders: model names,
// case ids and tool names come from reports and tool definitions (an MCP server names its own tools), so none of
// them may end a table cell, close a code span or become HTML.
import { describe, expect, it } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { comparisonMarkdown } from '../../src/compare/format-comparison.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'

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
