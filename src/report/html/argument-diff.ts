import type { Failure } from '../../core/result.ts'
import { argumentDiff } from '../argument-diff.ts'
import { escapeHtml } from './escape.ts'

const signClass = { '-': 'expected', '+': 'actual', ' ': 'same' } as const

/** A failure's per-argument diff as a table (expected rows, actual rows, matching rows), or '' without one. */
export function argumentDiffHtml(failure: Pick<Failure, 'arguments'>): string {
  const lines = argumentDiff(failure)
  if (lines.length === 0) return ''
  const rows = lines.map((line) => `<tr class="${signClass[line.sign]}"><td class="sign">${line.sign === ' ' ? '' : line.sign}</td><td>${escapeHtml(line.argument)}</td><td><code>${escapeHtml(line.value)}</code>${line.note ? ` <span class="muted">(${line.note})</span>` : ''}</td></tr>`)
  return `<table class="arg-diff"><thead><tr><th></th><th>argument</th><th>- expected / + actual</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}
