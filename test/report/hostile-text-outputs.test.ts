// "Nothing a model wrote reaches a terminal or a page unescaped", as a property over every output a result reaches:
// arbitrary text — markup, a table pipe, backticks, a CDATA or comment end, terminal escapes, bidi overrides, a
// newline starting a forged line — in every field a model, a tool, a world or a suite file writes (suite, case,
// model, variant, tool name, raw arguments, text, tool result, user message, state, failure message, judge reason).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { inertResult } from '../../src/report/inert-result.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { summarize } from '../../src/report/summarize.ts'
import { renderTable } from '../../src/report/table.ts'
import { inertDeep } from '../../src/report/terminal-text.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf, turn } from './sample-report.ts'
import { parseXml } from './xml-check.ts'

/** Pieces a hostile value is made of; `FORGED` starts a line of its own if a newline gets through. */
const piece = fc.constantFrom('<zz>', '|', '`', '```', '\n', '\r', '\u001b[31m', '\u001b]8;;http://x\u0007', '\u202e', '\u0085', '\u009b2J',
  '&', '"', "'", ']]>', '-->', '</script>', '\nFORGED', '\n  FORGED', '*', '_', '#', '\t', '\u0000', '\\', '[x](http://e)', '<!--', '\uD800', ' ')
const hostile = fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 6 }).map((pieces) => `v${pieces.join('')}`)

/** What a terminal, a CI log or GitHub acts on (the outputs' own line breaks and tabs aside). */
const active = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/
/** The same for a page (U+2028/U+2029 are plain whitespace in HTML text). */
const activeInPage = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
/** A forged line: a value's newline at the start of a line of the output. */
const forgedLine = /^\s*FORGED/m

type Values = { suite: string; id: string; model: string; name: string; args: string; text: string; message: string }

/** A failed single-request result, a passed variant result and a failed conversation against a world, all from `v`. */
function results(v: Values): CaseResult[] {
  const exchange = turn(v.text, { name: v.name, rawArguments: v.args }, v.text)
  const failed = makeResult({
    suite: v.suite, case: v.id, model: v.model, passed: false, verdict: 'failed', turns: [exchange],
    messages: [{ role: 'user', content: v.text }], expectedTools: [v.name],
    failures: [{ kind: 'wrong_tool', message: v.message, path: v.message }],
  })
  const passed = makeResult({ suite: v.suite, case: `${v.id}2`, model: v.model, variant: v.name, passed: true, verdict: 'passed', turns: [exchange] })
  const conversation = makeResult({
    suite: v.suite, case: `${v.id}3`, model: v.model, passed: false, verdict: 'failed',
    turns: [exchange, { ...exchange, index: 1 }],
    conversation: [
      { user: v.text, firstTurn: 0, endTurn: 1, toolNames: [v.name], state: { [v.name]: v.text } },
      { user: v.message, firstTurn: 1, endTurn: 2, state: { [v.name]: v.args } },
    ],
    initialState: { [v.text]: v.name },
    failures: [{ kind: 'state_mismatch', message: v.message, userMessage: 0 }, { kind: 'wrong_tool', message: v.message, userMessage: 1 }],
    checks: [{ kind: 'judge', spec: v.model, promptVersion: 1, promptHash: 'abc', score: 0.1, threshold: 0.7, pass: false, reason: v.message }],
  })
  return [failed, passed, conversation]
}

/** The cells of a Markdown table row: its pipes that no backslash escapes. */
function cells(row: string): number {
  return row.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|').length
}

/** Markdown outside code spans and fences, where GitHub renders markup. */
function markdownProse(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(?<!\\)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '')
}

const values = fc.record({ suite: hostile, id: hostile, model: hostile, name: hostile, args: hostile, text: hostile, message: hostile })

describe('every output of a result escapes what a model, a tool, a world or a file wrote', () => {
  it('show, the console table, JUnit, Markdown and HTML: no active character, no markup, no forged line', () => {
    fc.assert(fc.property(values, (v) => {
      const all = results(v)
      const report = { ...reportOf(all), summary: summarize(all) }
      // A failure message's own continuation lines (two spaces in) are kept by design: only then may FORGED start one.
      const continues = v.message.includes('\n  FORGED')

      const show = all.map((result) => formatTranscript(inertResult(result), { toolSets: {} })).join('\n')
      expect(show.replace(/\n/g, '')).not.toMatch(active)
      if (!continues) expect(show).not.toMatch(forgedLine)
      expect(renderTable(inertDeep(report.summary)).replace(/\n/g, '')).not.toMatch(active)

      const xml = toJunit(report)
      parseXml(xml)
      expect(xml.replace(/[\n\t]/g, '')).not.toMatch(active)
      if (!continues) expect(xml).not.toMatch(forgedLine)

      const markdown = toMarkdown(report)
      expect(markdown.replace(/\n/g, '')).not.toMatch(active)
      expect(markdownProse(markdown)).not.toContain('<zz')
      if (!continues) expect(markdown).not.toMatch(forgedLine)
      // Each table's rows have its head's cells: no value's pipe splits a cell.
      for (const table of markdown.split(/\n(?!\|)/).map((block) => block.split('\n').filter((line) => line.startsWith('|')))) {
        for (const row of table) expect(cells(row), row).toBe(cells(table[0]!))
      }

      const html = toHtml(report)
      expect(html.replace(/[\n\t\r]/g, '')).not.toMatch(activeInPage)
      expect(html).not.toContain('<zz')
      expect(html.split('</script>')).toHaveLength(2)
    }), { numRuns: 100 })
  })
})
