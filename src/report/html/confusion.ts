import { confusedPairs, diagonalTotals, noTool, type ConfusionMatrix } from '../confusion.ts'
import { nothingMeasured, percent } from '../metric-text.ts'
import { escapeHtml } from './escape.ts'

/** Up to this many tools on either axis the matrix is a grid; beyond it a grid is megabytes nobody can read. */
export const gridLimit = 40

/** How many of the most frequent confusions a matrix too large for a grid lists. */
const topPairs = 25

/** One model's confusion matrix: the full grid up to {@link gridLimit} tools, else the top pairs and the diagonal. */
export function confusionHtml(matrix: ConfusionMatrix): string {
  // Both axes end in (none), which is no tool.
  const tools = Math.max(matrix.expected.length, matrix.called.length) - 1
  return tools <= gridLimit ? confusionGrid(matrix) : confusionSummary(matrix, tools)
}

function confusionGrid(matrix: ConfusionMatrix): string {
  // A loop, not a spread of the cells into Math.max: the cells grow with tools².
  let max = 1
  for (const row of Object.values(matrix.counts)) for (const n of Object.values(row)) max = Math.max(max, n)
  const head = `<tr><th>expected \\ called</th>${matrix.called.map((c) => `<th class="col">${escapeHtml(c)}</th>`).join('')}</tr>`
  const rows = matrix.expected.map((e) => {
    const cells = matrix.called.map((c) => {
      const n = matrix.counts[e]?.[c] ?? 0
      // Diagonal cells are right calls (green), off-diagonal ones confusions (red); opacity scales with the count.
      const hue = e === c ? '26,127,55' : '207,34,46'
      const shade = n === 0 ? '' : ` style="background: rgba(${hue},${(0.12 + 0.6 * (n / max)).toFixed(2)})"`
      return `<td class="${e === c ? 'diag' : ''}"${shade}>${n === 0 ? '' : n}</td>`
    })
    return `<tr><th class="row">${escapeHtml(e)}</th>${cells.join('')}</tr>`
  })
  return `<table class="confusion">${head}${rows.join('')}</table>`
}

/** The matrix of a BFCL-sized catalogue: the most frequent confusions, then per tool how often it was right. */
function confusionSummary(matrix: ConfusionMatrix, tools: number): string {
  const pairs = confusedPairs(matrix)
  const shown = pairs.slice(0, topPairs)
  const pairRows = shown.map((p) => `<tr><td>${escapeHtml(p.expected)}</td><td>${escapeHtml(p.called)}</td><td>${p.count}</td></tr>`)
  const more = pairs.length > shown.length
    ? `<p class="muted small">… and ${pairs.length - shown.length} more confused pairs, ${shown.at(-1)!.count} time(s) or fewer each.</p>`
    : ''
  const pairsTable = pairs.length === 0
    ? '<p class="muted small">No confusions: every expected tool was called, and no call came unexpected.</p>'
    : `<table class="confused-pairs"><thead><tr><th>Expected</th><th>Called instead</th><th>Count</th></tr></thead><tbody>${pairRows.join('')}</tbody></table>${more}`
  const totals = diagonalTotals(matrix)
  const expected = totals.reduce((sum, t) => sum + t.expected, 0)
  const right = totals.reduce((sum, t) => sum + t.right, 0)
  const quiet = matrix.counts[noTool]?.[noTool] ?? 0
  const totalRows = totals.map((t) => `<tr><td>${escapeHtml(t.tool)}</td><td>${t.expected}</td><td>${t.right}</td><td>${t.expected === 0 ? nothingMeasured : percent(t.right / t.expected)}</td><td>${t.called}</td></tr>`)
  return `<p class="muted small">${tools} tools: too many for a grid. The most frequent confusions (${escapeHtml(noTool)}: a missed or an extra call), then per expected tool how often it was called right.</p>`
    + `<h4>Top confused pairs</h4>${pairsTable}`
    + `<details class="diagonal"><summary>Diagonal totals: ${right} of ${expected} expected calls right (${expected === 0 ? nothingMeasured : percent(right / expected)})${quiet > 0 ? `, ${quiet} right no-call(s)` : ''}; per tool, least often right first</summary>`
    + `<table class="diagonal-totals"><thead><tr><th>Expected tool</th><th>Expected</th><th>Called right</th><th>Right</th><th>Called in all</th></tr></thead><tbody>${totalRows.join('')}</tbody></table></details>`
}
