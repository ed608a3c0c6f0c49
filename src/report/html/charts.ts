import type { ModelSummary } from '../../core/report.ts'
import { accuracyInterval, nothingMeasured, percent, toolTokensPerRequest } from '../metric-text.ts'
import { escapeHtml } from './escape.ts'
import { summaryLabel } from '../../variants/variant-cells.ts'
import { placeLabels } from './label-layout.ts'
import { hasConversations } from '../conversation-summary.ts'

type Metric = { readonly label: string; readonly value: number | null; readonly lowerIsBetter?: boolean }

/** Horizontal bars of one model's rates (accuracy with its 95% interval as a whisker), as inline SVG. */
export function metricBars(summary: ModelSummary): string {
  const metrics: Metric[] = [
    { label: 'Accuracy', value: summary.accuracy },
    { label: 'Selection', value: summary.selectionAccuracy },
    { label: 'Arguments', value: summary.argumentAccuracy },
    { label: 'Parallel', value: summary.parallelAccuracy },
    { label: 'Irrelevance', value: summary.irrelevanceAccuracy },
    { label: 'Halluc. tools', value: summary.hallucinatedToolRate, lowerIsBetter: true },
    { label: 'Halluc. params', value: summary.hallucinatedParamRate, lowerIsBetter: true },
    { label: 'Schema violations', value: summary.schemaViolationRate, lowerIsBetter: true },
    // The conversation rates, only for a row that measured a conversation (README "Report metrics").
    ...(hasConversations(summary)
      ? [
          { label: 'Turns', value: summary.turns ?? null },
          { label: 'Tasks', value: summary.tasks ?? null },
          { label: 'State match', value: summary.stateMatch ?? null },
          { label: 'Repeated calls', value: summary.repeatedCalls ?? null, lowerIsBetter: true },
        ]
      : []),
  ]
  const labelWidth = 130
  const barWidth = 260
  const rowHeight = 22
  const ci = accuracyInterval(summary)
  const rows = metrics.map((m, i) => {
    const y = i * rowHeight
    const value = m.value
    const bar = value === null || !Number.isFinite(value)
      ? `<text x="${labelWidth + 4}" y="${y + 15}" class="muted">${nothingMeasured}</text>`
      : `<rect x="${labelWidth}" y="${y + 4}" width="${(value * barWidth).toFixed(1)}" height="14" class="${m.lowerIsBetter ? 'bar-bad' : 'bar-good'}"/>`
        + `<text x="${labelWidth + barWidth + 8}" y="${y + 15}">${percent(value)}</text>`
    const whisker = i === 0 && ci
      ? `<line x1="${labelWidth + ci[0] * barWidth}" x2="${labelWidth + ci[1] * barWidth}" y1="${y + 11}" y2="${y + 11}" class="whisker"/>`
        + `<line x1="${labelWidth + ci[0] * barWidth}" x2="${labelWidth + ci[0] * barWidth}" y1="${y + 6}" y2="${y + 16}" class="whisker"/>`
        + `<line x1="${labelWidth + ci[1] * barWidth}" x2="${labelWidth + ci[1] * barWidth}" y1="${y + 6}" y2="${y + 16}" class="whisker"/>`
      : ''
    return `<text x="0" y="${y + 15}">${m.label}</text><rect x="${labelWidth}" y="${y + 4}" width="${barWidth}" height="14" class="track"/>${bar}${whisker}`
  })
  const height = metrics.length * rowHeight
  return `<svg class="bars" viewBox="0 0 ${labelWidth + barWidth + 60} ${height}" width="${labelWidth + barWidth + 60}" height="${height}" role="img" aria-label="Metrics of ${escapeHtml(summaryLabel(summary))}">${rows.join('')}</svg>`
}

/**
 * Accuracy (y) against tool-definition tokens per request (x), one point per model. Without tool-token counts in
 * the report the x axis falls back to mean input tokens per result, and the caption says so.
 */
export function accuracyScatter(summaries: readonly ModelSummary[]): string {
  // Tool tokens when the report has them (models without a count are named under the plot); else input tokens.
  const haveToolTokens = summaries.some((s) => toolTokensPerRequest(s) !== undefined)
  const counted = haveToolTokens ? summaries.filter((s) => toolTokensPerRequest(s) !== undefined) : summaries
  const missing = summaries.filter((s) => !counted.includes(s)).map(summaryLabel)
  // A model whose every result errored has no accuracy: it is named under the plot, not drawn at 0%.
  const unscored = counted.filter((s) => s.accuracy === null).map(summaryLabel)
  const points = counted.flatMap((s) => s.accuracy === null ? [] : [{
    model: summaryLabel(s),
    x: haveToolTokens ? toolTokensPerRequest(s)! : s.cases > 0 ? s.usage.input / s.cases : 0,
    y: s.accuracy,
    ci: accuracyInterval(s),
  }])
  // Offline models report no tokens: a column of dots at x = 0 would say nothing, so say that instead.
  if (points.length === 0 && unscored.length > 0) return '<p class="muted">Every result errored: no accuracy to plot.</p>'
  if (points.length === 0 || points.every((p) => p.x === 0)) {
    return '<p class="muted">No token counts in this report (offline or scripted models): nothing to plot.</p>'
  }
  const width = 520
  const height = 300
  const left = 50
  const bottom = 40
  const plotWidth = width - left - 20
  const plotHeight = height - bottom - 20
  const maxX = niceCeiling(points.reduce((most, p) => Math.max(most, p.x), 1))
  const px = (x: number) => left + (x / maxX) * plotWidth
  const py = (y: number) => 20 + (1 - y) * plotHeight
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((t) => `<line x1="${left}" x2="${left + plotWidth}" y1="${py(t)}" y2="${py(t)}" class="grid"/><text x="${left - 6}" y="${py(t) + 4}" text-anchor="end">${t * 100}%</text>`)
  const xTicks = [0, 0.25, 0.5, 0.75, 1].map((t) => `<text x="${px(t * maxX)}" y="${height - bottom + 16}" text-anchor="middle">${tickLabel(t * maxX)}</text>`)
  // Points that coincide on the plot are one dot with one label naming them all: two labels there would overprint.
  const merged: { models: string[]; cx: number; cy: number; ci: readonly [number, number] | undefined; x: number; y: number }[] = []
  for (const p of points) {
    const cx = px(p.x)
    const cy = py(p.y)
    const same = merged.find((m) => Math.abs(m.cx - cx) < 1 && Math.abs(m.cy - cy) < 1)
    if (same) same.models.push(p.model)
    else merged.push({ models: [p.model], cx, cy, ci: p.ci, x: p.x, y: p.y })
  }
  const panel = { x: left, y: 20, width: plotWidth, height: plotHeight }
  const labels = placeLabels(merged.map((m) => ({ cx: m.cx, cy: m.cy, text: m.models.join(', ') })), panel)
  const dots = merged.map((m, i) => {
    const whisker = m.ci ? `<line x1="${m.cx}" x2="${m.cx}" y1="${py(m.ci[0])}" y2="${py(m.ci[1])}" class="whisker"/>` : ''
    const label = labels[i]!
    return `${whisker}<circle cx="${m.cx}" cy="${m.cy}" r="5" class="dot dot-${i % 6}"><title>${escapeHtml(m.models.join(', '))}: ${percent(m.y)}, ${Math.round(m.x)} tokens</title></circle>`
      + `<text class="point-label" x="${label.x.toFixed(1)}" y="${label.y.toFixed(1)}">${label.text === label.full ? '' : `<title>${escapeHtml(label.full)}</title>`}${escapeHtml(label.text)}</text>`
  })
  const xLabel = haveToolTokens ? 'tool-definition tokens per request' : 'input tokens per result (tool-token counts not in this report)'
  const note = [
    missing.length > 0 ? `<p class="muted small">Not plotted (no tool-token count): ${missing.map(escapeHtml).join(', ')}</p>` : '',
    unscored.length > 0 ? `<p class="muted small">Not plotted (every result errored, no accuracy): ${unscored.map(escapeHtml).join(', ')}</p>` : '',
  ].join('')
  return `<svg class="scatter" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Accuracy against tokens">`
    + `<rect class="plot-panel" x="${left}" y="20" width="${plotWidth}" height="${plotHeight}" fill="none"/>${yTicks.join('')}${xTicks.join('')}<line x1="${left}" x2="${left}" y1="20" y2="${20 + plotHeight}" class="axis"/><line x1="${left}" x2="${left + plotWidth}" y1="${20 + plotHeight}" y2="${20 + plotHeight}" class="axis"/>`
    + `${dots.join('')}<text x="${left + plotWidth / 2}" y="${height - 6}" text-anchor="middle" class="muted">${xLabel}</text></svg>${note}`
}

function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((v) => v >= value) ?? value
}

function tickLabel(value: number): string {
  return value >= 10 ? String(Math.round(value)) : String(Number(value.toPrecision(2)))
}
