import type { CaseResult } from '../../core/result.ts'
import type { ToolSetIndex } from '../turn-settings.ts'
import { escapeHtml } from './escape.ts'
import { resultSection } from './transcript.ts'
import { summaryLabel } from '../../variants/variant-cells.ts'

/** The drill-down: one collapsible entry per case (failing first), every model and repeat inside. */
export function caseList(results: readonly CaseResult[], toolSets?: ToolSetIndex): string {
  return [...caseEntries(() => results, toolSets)].join('\n')
}

/**
 * The case entries in pieces, from results streamed with each case's results side by side: one pass for every
 * case's status, then one pass per status (failing, flaky, passing) — memory holds one case's results at a time.
 */
export function* caseEntries(eachResult: () => Iterable<CaseResult>, toolSets?: ToolSetIndex): Generator<string> {
  const statuses = new Map<string, 'pass' | 'fail' | 'flaky'>()
  for (const group of groupsOf(eachResult())) statuses.set(groupKey(group[0]!), status(group))
  for (const wanted of ['fail', 'flaky', 'pass'] as const) {
    if (![...statuses.values()].includes(wanted)) continue
    for (const group of groupsOf(eachResult())) {
      if (statuses.get(groupKey(group[0]!)) === wanted) yield `${caseEntry(group, wanted, toolSets)}\n`
    }
  }
}

function groupKey(result: CaseResult): string {
  return `${result.suite}\u0000${result.case}`
}

/** Consecutive results of the same case, as groups. */
function* groupsOf(results: Iterable<CaseResult>): Generator<CaseResult[]> {
  let group: CaseResult[] = []
  for (const r of results) {
    if (group.length > 0 && groupKey(group[0]!) !== groupKey(r)) {
      yield group
      group = []
    }
    group.push(r)
  }
  if (group.length > 0) yield group
}

function status(group: readonly CaseResult[]): 'pass' | 'fail' | 'flaky' {
  if (group.every((r) => r.passed)) return 'pass'
  // Flaky: some model both passed and failed this case across repeats.
  const byModel = new Map<string, boolean[]>()
  for (const r of group) byModel.set(summaryLabel(r), [...(byModel.get(summaryLabel(r)) ?? []), r.passed])
  return [...byModel.values()].some((v) => v.includes(true) && v.includes(false)) ? 'flaky' : 'fail'
}

function caseEntry(group: readonly CaseResult[], caseStatus: 'pass' | 'fail' | 'flaky', toolSets: ToolSetIndex): string {
  const first = group[0]!
  const models = new Map<string, { passed: number; runs: number }>()
  for (const r of group) {
    const t = models.get(summaryLabel(r)) ?? { passed: 0, runs: 0 }
    models.set(summaryLabel(r), { passed: t.passed + (r.passed ? 1 : 0), runs: t.runs + 1 })
  }
  const tallies = [...models].map(([model, t]) => `<span class="tally ${t.passed === t.runs ? 'pass' : t.passed === 0 ? 'fail' : 'flaky'}">${escapeHtml(model)} ${t.passed}/${t.runs}</span>`).join(' ')
  const search = `${first.suite} ${first.case} ${[...models.keys()].join(' ')}`.toLowerCase()
  return `<details class="case" data-status="${caseStatus}" data-search="${escapeHtml(search)}"><summary><span class="badge ${caseStatus}">${caseStatus}</span> <span class="muted">${escapeHtml(first.suite)} /</span> <strong>${escapeHtml(first.case)}</strong> ${tallies}</summary>${group.map((result) => resultSection(result, toolSets)).join('')}</details>`
}
