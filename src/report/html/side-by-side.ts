import type { CaseResult } from '../../core/result.ts'
import { verdictOf } from '../../core/verdict.ts'
import { shorten } from '../../core/shorten.ts'
import { getOrCreate } from '../../core/get-or-create.ts'
import { callsOf } from '../result-calls.ts'
import { repeatLabel } from '../repeat-label.ts'
import { escapeHtml } from './escape.ts'
import type { FlakyLookup } from '../flaky-cases.ts'

/** How one model × variant did on a case: passes of its scored runs, errored runs, whether the summary lists the case as flaky for that row. */
export type RunTally = { passed: number; scored: number; errored: number; readonly flaky: boolean }

/** A tally with the failure kinds and the run whose calls the cell shows (its index in the group). */
type Cell = RunTally & { kinds: Set<string>; shown: number }

const maxArgumentText = 80

/**
 * One case across models (rows) and variants (columns), side by side: each cell's passes of its runs, the failure
 * kinds, and the calls of one run (the first that did not pass, else the first), linked to that run's section.
 * '' when the case ran for one model and one variant only (the entry's own sections say it all).
 */
export function sideBySide(group: readonly CaseResult[], resultId: (index: number) => string, flaky: FlakyLookup): string {
  const models = [...new Set(group.map((r) => r.model))]
  const variants = [...new Set(group.map((r) => r.variant))]
  if (models.length < 2 && variants.length < 2) return ''
  const cells = new Map<string, Cell>()
  const key = (model: string, variant: string | undefined) => JSON.stringify([model, variant ?? null])
  group.forEach((r, index) => {
    const cell = getOrCreate(cells, key(r.model, r.variant), (): Cell => ({ passed: 0, scored: 0, errored: 0, flaky: flaky(r), kinds: new Set<string>(), shown: index }))
    countRun(cell, r)
    if (verdictOf(r) !== 'passed') {
      for (const failure of r.failures) cell.kinds.add(failure.kind)
      if (verdictOf(group[cell.shown]!) === 'passed') cell.shown = index
    }
  })
  const head = `<tr><th>model</th>${variants.map((v) => `<th>${v === undefined ? 'result' : escapeHtml(v)}</th>`).join('')}</tr>`
  const rows = models.map((model) => `<tr><th>${escapeHtml(model)}</th>${variants.map((variant) => {
    const cell = cells.get(key(model, variant))
    if (!cell) return '<td class="muted">not run</td>'
    return `<td>${cellHtml(cell, group[cell.shown]!, resultId(cell.shown))}</td>`
  }).join('')}</tr>`)
  return `<table class="side-by-side"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`
}

/** Folds one run into a tally: errored runs are no verdict, counted apart. */
export function countRun(tally: RunTally, result: CaseResult): void {
  const verdict = verdictOf(result)
  if (verdict === 'errored') tally.errored++
  else tally.scored++
  if (verdict === 'passed') tally.passed++
}

/** A tally's badge: its tone (every scored run passed, flaky, failing, or nothing scored) around `prefix` and `3/4 · 1 errored`. */
export function tallyBadge(tally: RunTally, prefix: string, passedWord = ''): string {
  const tone = tally.scored === 0 ? 'errored' : tally.passed === tally.scored ? 'pass' : tally.flaky ? 'flaky' : 'fail'
  const counts = [...(tally.scored > 0 ? [`${tally.passed}/${tally.scored}${passedWord}`] : []), ...(tally.errored > 0 ? [`${tally.errored} errored`] : [])].join(' · ')
  return `<span class="tally ${tone}">${prefix}${counts}</span>`
}

function cellHtml(cell: Cell, shown: CaseResult, link: string): string {
  const kinds = cell.kinds.size > 0 ? `<div class="kinds">${[...cell.kinds].map((kind) => `<code>${escapeHtml(kind)}</code>`).join(' ')}</div>` : ''
  const calls = callsOf(shown)
  const callText = calls.length === 0
    ? '<div class="muted small">no call</div>'
    : `<div class="calls">${calls.map((c) => `<code>${escapeHtml(c.name)}(${escapeHtml(shorten(c.rawArguments, maxArgumentText, '…'))})</code>`).join('<br>')}</div>`
  const which = `<a href="#${link}" class="small">${repeatLabel(shown.repeat)}</a> `
  return `${tallyBadge(cell, '', ' passed')} ${which}${kinds}${callText}`
}
