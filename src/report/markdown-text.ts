import { shorten } from '../core/shorten.ts'
import { inert } from './terminal-text.ts'

// Text for Markdown that GitHub renders (a step summary, a pull-request comment): names and messages come from
// models, tools, servers and report files, so each is written inert. Every Markdown writer (report.md, `compare
// --markdown`, the conformance table) uses these, so a name that is safe in one is safe in all.

/** The longest table cell: a GitHub step summary holds 1 MiB, and a long message is cut well below that. */
export const maxCellLength = 160

/**
 * Text as one line of inert Markdown, uncut: whitespace runs flattened (a newline would end a table row or a list
 * item), control and bidi characters written visibly (`\u202e`: an override would reorder the rest of the line as
 * GitHub shows it), HTML entity-escaped (GitHub renders inline HTML) and Markdown punctuation backslash-escaped —
 * the pipe too, which ends a table cell even inside a code span.
 */
export function inlineText(text: string): string {
  // Not escapeMarkup: Markdown text is no attribute value, and report.md is read as written too (an editor, a
  // terminal), where `&quot;` for every quote would be noise. `&`, `<` and `>` are what GitHub's inline HTML reads.
  return inert(text.replace(/\s+/g, ' ').trim())
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+!|~])/g, '\\$1')
}

/** Text for a table cell: as `inlineText`, cut to `maxCellLength` characters. */
export function cell(text: string): string {
  return inlineText(oneLine(text.trim()))
}

/** Text on one line (every whitespace run one space), cut to `max` characters with an ellipsis; not escaped. */
export function oneLine(text: string, max = maxCellLength): string {
  return shorten(text.replace(/\s+/g, ' '), max, '…')
}

/**
 * An id or a name as a code span, uncut, its control and bidi characters written visibly. A code span cannot hold a
 * backtick (it would close the span), a pipe (GFM splits a table row on it even inside the span) or a newline, so
 * such text falls back to `inlineText`.
 */
export function codeSpan(text: string): string {
  return /[`|\r\n]/.test(text) ? inlineText(text) : `\`${inert(text)}\``
}

/** A Markdown table row of cells already written as Markdown (`cell`, `codeSpan`, figures). */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`
}
