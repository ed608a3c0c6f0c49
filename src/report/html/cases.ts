import { createHash } from 'node:crypto'
import type { CaseResult } from '../../core/result.ts'
import type { ToolSetIndex } from '../turn-settings.ts'
import { escapeHtml } from './escape.ts'
import { resultSection } from './transcript.ts'
import { summaryLabel } from '../../variants/variant-cells.ts'
import { verdictOf } from '../../core/verdict.ts'
import { caseKey } from '../../core/case-key.ts'
import { getOrCreate } from '../../core/get-or-create.ts'
import { countRun, sideBySide, tallyBadge, type RunTally } from './side-by-side.ts'
import type { FlakyLookup } from '../flaky-cases.ts'

/** A case's status in the list: from its results' verdicts and the summary's flaky cases; `errored` when none of them got a verdict. */
type CaseStatus = 'pass' | 'fail' | 'flaky' | 'errored'

/**
 * The case entries in pieces, from results streamed with each case's results side by side: one pass for every
 * case's status, then one pass per status (failing, flaky, passing) — memory holds one case's results at a time.
 * Which cases are flaky is the report summary's decision (`flaky`), not a tally of the results here.
 */
export function* caseEntries(eachResult: () => Iterable<CaseResult>, flaky: FlakyLookup, toolSets?: ToolSetIndex): Generator<string> {
  const statuses = new Map<string, CaseStatus>()
  for (const group of groupsOf(eachResult())) statuses.set(caseKey(group[0]!), status(group, flaky))
  for (const wanted of ['fail', 'flaky', 'errored', 'pass'] as const) {
    if (![...statuses.values()].includes(wanted)) continue
    for (const group of groupsOf(eachResult())) {
      if (statuses.get(caseKey(group[0]!)) === wanted) yield `${caseEntry(group, wanted, flaky, toolSets)}\n`
    }
  }
}

/** Consecutive results of the same case, as groups. */
function* groupsOf(results: Iterable<CaseResult>): Generator<CaseResult[]> {
  let group: CaseResult[] = []
  for (const r of results) {
    if (group.length > 0 && caseKey(group[0]!) !== caseKey(r)) {
      yield group
      group = []
    }
    group.push(r)
  }
  if (group.length > 0) yield group
}

function status(group: readonly CaseResult[], flaky: FlakyLookup): CaseStatus {
  // Errored results are no verdict: they make a case neither failing nor flaky.
  const scored = group.filter((r) => verdictOf(r) !== 'errored')
  if (scored.length === 0) return 'errored'
  if (scored.every((r) => verdictOf(r) === 'passed')) return 'pass'
  // Flaky: the summary lists the case as flaky for some model (× variant).
  return scored.some((r) => flaky(r)) ? 'flaky' : 'fail'
}

function caseEntry(group: readonly CaseResult[], caseStatus: CaseStatus, flaky: FlakyLookup, toolSets: ToolSetIndex): string {
  const first = group[0]!
  const models = new Map<string, RunTally>()
  for (const r of group) countRun(getOrCreate(models, summaryLabel(r), () => ({ passed: 0, scored: 0, errored: 0, flaky: flaky(r) })), r)
  const tallies = [...models].map(([model, tally]) => tallyBadge(tally, `${escapeHtml(model)} `)).join(' ')
  const search = `${first.suite} ${first.case} ${[...models.keys()].join(' ')}`.toLowerCase()
  const id = caseAnchor(first)
  const resultId = (index: number) => `${id}-${index + 1}`
  // Failing cases are open from the start: what went wrong is the first thing a reader looks for.
  const open = caseStatus === 'fail' ? ' open' : ''
  const kinds = failureKinds(group)
  const summary = `<summary><span class="badge ${caseStatus}">${caseStatus}</span> <span class="muted">${escapeHtml(first.suite)} /</span> <strong>${escapeHtml(first.case)}</strong> ${tallies}${kinds ? ` <span class="kinds">${kinds}</span>` : ''} <a class="anchor" href="#${id}" title="link to this case">#</a></summary>`
  const sections = group.map((result, index) => `<div id="${resultId(index)}">${resultSection(result, toolSets)}</div>`)
  return `<details class="case" data-status="${caseStatus}" data-search="${escapeHtml(search)}" id="${id}"${open}>${summary}${sideBySide(group, resultId, flaky)}${sections.join('')}</details>`
}

/**
 * The case's anchor (`#case-weather-paris-1a2b3c`): its suite and id in characters an id and a URL fragment keep
 * as they are, and a hash of both, so two cases whose names differ only in other characters never share one.
 */
function caseAnchor(result: Pick<CaseResult, 'suite' | 'case'>): string {
  const readable = `${result.suite}-${result.case}`.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)
  return `case-${readable}-${createHash('sha256').update(caseKey(result)).digest('hex').slice(0, 8)}`
}

/** The failure kinds of a case's runs that did not pass, each once, for its collapsed row. */
function failureKinds(group: readonly CaseResult[]): string {
  const kinds = new Set<string>()
  for (const r of group) if (verdictOf(r) !== 'passed') for (const failure of r.failures) kinds.add(failure.kind)
  return [...kinds].map((kind) => `<code>${escapeHtml(kind)}</code>`).join(' ')
}
