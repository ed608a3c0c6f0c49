import type { CaseResult } from '../../core/result.ts'
import type { ToolSetIndex } from '../turn-settings.ts'
import { escapeHtml } from './escape.ts'
import { resultSection } from './transcript.ts'

/** The drill-down: one collapsible entry per case (failing first), every model and repeat inside. */
export function caseList(results: readonly CaseResult[], toolSets?: ToolSetIndex): string {
  const groups = new Map<string, CaseResult[]>()
  for (const r of results) {
    const key = `${r.suite}\u0000${r.case}`
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  const entries = [...groups.values()].map((group) => ({ group, status: status(group) }))
  const rank = { fail: 0, flaky: 1, pass: 2 } as const
  entries.sort((a, b) => rank[a.status] - rank[b.status])
  return entries.map(({ group, status }) => caseEntry(group, status, toolSets)).join('\n')
}

function status(group: readonly CaseResult[]): 'pass' | 'fail' | 'flaky' {
  if (group.every((r) => r.passed)) return 'pass'
  // Flaky: some model both passed and failed this case across repeats.
  const byModel = new Map<string, boolean[]>()
  for (const r of group) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r.passed])
  return [...byModel.values()].some((v) => v.includes(true) && v.includes(false)) ? 'flaky' : 'fail'
}

function caseEntry(group: readonly CaseResult[], caseStatus: 'pass' | 'fail' | 'flaky', toolSets: ToolSetIndex): string {
  const first = group[0]!
  const models = new Map<string, { passed: number; runs: number }>()
  for (const r of group) {
    const t = models.get(r.model) ?? { passed: 0, runs: 0 }
    models.set(r.model, { passed: t.passed + (r.passed ? 1 : 0), runs: t.runs + 1 })
  }
  const tallies = [...models].map(([model, t]) => `<span class="tally ${t.passed === t.runs ? 'pass' : t.passed === 0 ? 'fail' : 'flaky'}">${escapeHtml(model)} ${t.passed}/${t.runs}</span>`).join(' ')
  const search = `${first.suite} ${first.case} ${[...models.keys()].join(' ')}`.toLowerCase()
  return `<details class="case" data-status="${caseStatus}" data-search="${escapeHtml(search)}"><summary><span class="badge ${caseStatus}">${caseStatus}</span> <span class="muted">${escapeHtml(first.suite)} /</span> <strong>${escapeHtml(first.case)}</strong> ${tallies}</summary>${group.map((result) => resultSection(result, toolSets)).join('')}</details>`
}
