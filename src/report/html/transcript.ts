import type { CaseResult, ResultTurn } from '../../core/result.ts'
import type { ToolExecution } from '../../core/transcript.ts'
import type { Usage } from '../../core/model-turn.ts'
import { reasoningSummary, reasoningText, type ReasoningState } from '../../core/reasoning.ts'
import { callsOf } from '../result-calls.ts'
import { turnSettings, type ToolSetIndex } from '../turn-settings.ts'
import { clip, escapeHtml } from './escape.ts'
import { summaryLabel } from '../../variants/variant-cells.ts'
import { repeatLabel } from '../repeat-label.ts'
import { verdictOf } from '../../core/verdict.ts'
import { conversationTranscript, failureTag } from './conversation.ts'
import { argumentDiffHtml } from './argument-diff.ts'
import { hookNotes } from '../hook-notes.ts'
import { checkLines, checkOutcomeWord } from '../check-lines.ts'

/** The badge (and its CSS class) of each verdict. */
const badges = { passed: 'pass', failed: 'fail', errored: 'errored' } as const

/** One result (a model × repeat of a case): verdict, failures and the transcript (a conversation by user message), as escaped HTML. */
export function resultSection(result: CaseResult, toolSets?: ToolSetIndex): string {
  const failures = result.failures.length === 0
    ? ''
    : `<ul class="failures">${result.failures.map((f) => `<li>${failureTag(f)}<code>${escapeHtml(f.kind)}</code> ${escapeHtml(f.message)}${f.path ? ` <span class="muted">at ${escapeHtml(f.path)}</span>` : ''}${argumentDiffHtml(f)}</li>`).join('')}</ul>`
  const checks = checksList(result)
  const verdict = badges[verdictOf(result)]
  const header = `<h4><span class="badge ${verdict}">${verdict}</span> ${escapeHtml(summaryLabel(result))} <span class="muted">· ${repeatLabel(result.repeat)} · ${Math.round(result.latencyMs)} ms · ${usageHtml(result.usage)} tokens · expected: ${escapeHtml(result.expectedTools.join(', ') || 'no call')}</span></h4>`
  const prompt = result.messages.map(messageBlock).join('')
  const turns = conversationTranscript(result, (turn) => turnBlock(turn, toolSets)) ?? (result.turns.length > 0
    ? result.turns.map((turn) => turnBlock(turn, toolSets)).join('')
    : callsOf(result).map((c) => callBlock(c.name, c.rawArguments)).join(''))
  return `<section class="result">${header}${failures}${checks}<div class="transcript">${prompt}${turns}</div></section>`
}

/** What the custom checks and judges said (`results[].checks`), each with its outcome, figures and message, escaped. */
function checksList(result: CaseResult): string {
  const lines = checkLines(result)
  if (lines.length === 0) return ''
  const items = lines.map((line) => `<li><span class="check ${line.outcome ?? 'judged'}">${checkOutcomeWord(line)}</span> <code>${escapeHtml(line.name)}</code>${line.messageNumber !== undefined ? ` <span class="muted">message ${line.messageNumber}</span>` : ''}${line.figures ? ` <span class="muted">${escapeHtml(line.figures)}</span>` : ''}${line.message ? ` ${escapeHtml(clip(line.message, 4000))}` : ''}</li>`)
  return `<div class="checks"><div class="role">checks</div><ul>${items.join('')}</ul></div>`
}

function messageBlock(message: unknown): string {
  if (typeof message === 'object' && message !== null && 'role' in message) {
    const { role, content } = message as { role: unknown; content: unknown }
    return block(String(role), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  }
  return block('message', JSON.stringify(message, null, 2))
}

function turnBlock(turn: ResultTurn, toolSets: ToolSetIndex): string {
  const settings = `<div class="muted small">${escapeHtml([`turn ${turn.index + 1}`, ...turnSettings(turn, toolSets)].join(' · '))}</div>`
  const text = turn.text ? block(`assistant · turn ${turn.index + 1}`, turn.text) : ''
  const reasoning = turn.reasoning ? reasoningBlock(turn.reasoning) : ''
  const calls = turn.calls.map((c) => callBlock(c.name, c.rawArguments, [
    c.note ? `note: ${c.note}` : '',
    c.check.knownTool ? '' : 'unknown tool',
    c.check.wellFormed ? '' : 'malformed arguments',
    ...c.check.schemaIssues.map((i) => `${i.path || '/'}: ${i.message}`),
  ].filter(Boolean)))
  const results = turn.toolResults.map((r) => {
    const rewritten = r.hooks.some((hook) => hook.action === 'replace-result')
    const role = `tool result · ${r.name}${r.isError ? ' · error' : ''} · ${r.source}${rewritten ? ' · rewritten by afterToolCall' : ''}`
    return block(role, r.content, r.isError ? 'error' : 'tool', hookNotesHtml(r))
  })
  const stop = `<div class="muted small">finish: ${escapeHtml(turn.finishReason.unified)}${turn.finishReason.raw ? ` (${escapeHtml(turn.finishReason.raw)})` : ''} · ${usageHtml(turn.usage)}</div>`
  return `${settings}${reasoning}${text}${calls.join('')}${results.join('')}${stop}`
}

/** The turn's reasoning state, collapsed: what it holds in the summary, its readable text and raw state inside (never scored). */
function reasoningBlock(state: ReasoningState): string {
  const text = reasoningText(state)
  return `<details class="msg reasoning"><summary class="role">reasoning · ${escapeHtml(reasoningSummary(state))} · not scored</summary>${text ? `<pre>${escapeHtml(clip(text))}</pre>` : ''}<pre class="muted small">${escapeHtml(clip(JSON.stringify(state, null, 2)))}</pre></details>`
}

/** The hook notes under a tool result (report/hook-notes.ts), escaped. */
function hookNotesHtml(execution: ToolExecution): string {
  const notes = hookNotes(execution)
  return notes.length === 0 ? '' : `<div class="hooks">${notes.map((note) => `<div>${escapeHtml(clip(note, 2000))}</div>`).join('')}</div>`
}

/**
 * `12 in / 3 out`, escaped: the counts come from a server's response or a report file, and neither is checked to
 * hold numbers, so they are text like any other value on the page.
 */
function usageHtml(usage: Usage): string {
  return escapeHtml(`${usage.input} in / ${usage.output} out`)
}

function callBlock(name: string, rawArguments: string, issues: readonly string[] = []): string {
  const notes = issues.length > 0 ? `<div class="issues">${issues.map((i) => escapeHtml(i)).join('<br>')}</div>` : ''
  return `<div class="msg call"><div class="role">call <code>${escapeHtml(name)}</code></div><pre>${escapeHtml(clip(rawArguments))}</pre>${notes}</div>`
}

/** A message block; `after` is HTML already escaped (notes under the text). */
function block(role: string, text: string, kind = role.split(' ')[0]!, after = ''): string {
  return `<div class="msg ${escapeHtml(kind.replace(/[^a-z]/g, ''))}"><div class="role">${escapeHtml(role)}</div><pre>${escapeHtml(clip(text))}</pre>${after}</div>`
}
