import type { ModelSummary } from '../core/report.ts'
import { cacheTable } from './cache-summary.ts'

const cacheNote = 'Tokens read from and written to the providers\' prompt caches (--cache-tools marks the tool definitions cacheable); tool tokens cached = per request, its tool tokens up to its cache reads; uncached cost = the same tokens with none cached.'

/** The Markdown report's "Prompt cache" section, when a row read or wrote a cache; `label` gives the row's model cell. */
export function cacheMarkdown(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): string[] {
  const { head, rows } = cacheTable(summaries, label)
  if (rows.length === 0) return []
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return ['### Prompt cache', '', cacheNote, '', line(head), line(['---', ...head.slice(1).map(() => '---:')]), ...rows.map(line), '']
}

/** The HTML report's "Prompt cache" table, when a row read or wrote a cache; `label` gives the row's (escaped) model cell. */
export function cacheHtml(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): string {
  const { head, rows } = cacheTable(summaries, label)
  if (rows.length === 0) return ''
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')
  return `<h2>Prompt cache</h2><p class="muted small">${cacheNote.replace(/'/g, '&#39;')}</p><table class="cache-summary"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`
}
