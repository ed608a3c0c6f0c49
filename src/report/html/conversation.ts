import type { CaseResult, Failure, ResultTurn } from '../../core/result.ts'
import { changeLines, conversationView, messageLabel, simulatorLine, type MessageView } from '../conversation-view.ts'
import { clip, escapeHtml } from './escape.ts'
import { argumentDiffHtml } from './argument-diff.ts'

// The HTML drill-down of a conversation: one section per user message (1-based) with what the user said, the
// turns that answered it, the world's state after the reply (collapsed) and the failures of that reply, a state
// diff path by path. Everything a model, a world or a suite wrote goes through escapeHtml.

/**
 * The transcript of a conversation result by user message, or undefined for a single-request result.
 * `turnBlock` draws one turn as the single-request view does, so a turn reads the same in both.
 */
export function conversationTranscript(result: CaseResult, turnBlock: (turn: ResultTurn) => string): string | undefined {
  const view = conversationView(result)
  if (!view) return undefined
  const simulator = view.simulator ? `<div class="muted small">${escapeHtml(simulatorLine(view.simulator))}</div>` : ''
  const initial = view.hasInitialState ? stateBlock('initial state', view.initialState) : ''
  const messages = view.messages.map((message) => messageSection(message, view.messages.length, turnBlock))
  const rest = view.caseFailures.length > 0 ? `<div class="message-head">whole conversation</div>${failureList(view.caseFailures)}` : ''
  return `${simulator}${initial}${messages.join('')}${rest}`
}

/** `message 2 · ` before a failure of a reply in the result's failure list; empty for any other failure. */
export function failureTag(failure: Failure): string {
  return failure.userMessage === undefined ? '' : `<span class="muted">message ${failure.userMessage + 1} ·</span> `
}

function messageSection(message: MessageView, of: number, turnBlock: (turn: ResultTurn) => string): string {
  // `failed` or `errored` (an outage, the suite's own code: no verdict on the model), as the reply's failures make it.
  const mark = message.verdict === 'passed' ? '' : ` ${message.verdict}`
  const head = `<div class="message-head">${escapeHtml(messageLabel(message, of))}${mark ? ` ·${mark}` : ''}</div>`
  const tools = message.toolNames ? `<div class="muted small">tools from here on: ${escapeHtml(message.toolNames.join(', ') || '(none)')}</div>` : ''
  const user = `<div class="msg user"><div class="role">user · message ${message.number}</div><pre>${escapeHtml(clip(message.user))}</pre></div>`
  const changes = message.changes
    ? `<div class="state-changes"><div class="role">changes to the world</div>${message.changes.length === 0 ? '<div class="muted small">none</div>' : `<pre>${escapeHtml(changeLines(message.changes, '').join('\n'))}</pre>`}</div>`
    : ''
  const state = message.hasState ? `${changes}${stateBlock(`state after message ${message.number}`, message.state)}` : ''
  const failures = message.failures.length > 0 ? failureList(message.failures) : ''
  return `<section class="message${mark}" data-message="${message.number}">${head}${tools}${user}${message.turns.map(turnBlock).join('')}${state}${failures}</section>`
}

function stateBlock(title: string, state: unknown): string {
  return `<details class="state"><summary class="role">${escapeHtml(title)}</summary><pre>${escapeHtml(clip(JSON.stringify(state, null, 2) ?? 'undefined'))}</pre></details>`
}

/** A reply's failures; a message of several lines (a state diff) keeps them, in a <pre>. */
function failureList(failures: readonly Failure[]): string {
  return `<ul class="failures">${failures.map((f) => {
    const [first = '', ...more] = f.message.split('\n')
    const diff = more.length > 0 ? `<pre class="state-diff">${escapeHtml(clip(more.join('\n')))}</pre>` : ''
    return `<li><code>${escapeHtml(f.kind)}</code> ${escapeHtml(first)}${f.path ? ` <span class="muted">at ${escapeHtml(f.path)}</span>` : ''}${diff}${argumentDiffHtml(f)}</li>`
  }).join('')}</ul>`
}
