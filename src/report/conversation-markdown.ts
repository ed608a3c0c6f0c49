import type { CaseResult, Failure } from '../core/result.ts'
import { shorten } from '../core/shorten.ts'
import { changeLines, conversationView, messageLabel } from './conversation-view.ts'
import { caseRunName } from './repeat-label.ts'
import { escapeHtml } from './html/escape.ts'
import { inert, inertMessage } from './terminal-text.ts'
import { oneLine } from './markdown-text.ts'

// A step summary holds 1 MiB: a few dozen conversations, each line cut, stay far below it.
const maxConversations = 20
const maxLine = 300
const cut = (line: string): string => shorten(line, maxLine, '…')

/**
 * The failing conversations of a Markdown summary, each a collapsed block read by user message (1-based): ✓ or ✗
 * per reply, its calls, its failures (a state diff path by path) and what it changed in the world, then the
 * failures of the whole conversation. Text sits in a code fence longer than any backtick run in it, and the
 * summary line is HTML-escaped, so nothing a model or a world wrote becomes markup.
 */
export function conversationsMarkdown(results: readonly CaseResult[]): string[] {
  const blocks = results.filter((result) => result.conversation !== undefined)
  if (blocks.length === 0) return []
  return [
    '#### Conversations, by user message',
    '',
    ...blocks.slice(0, maxConversations).flatMap((result) => collapsedBlock(oneLine(caseRunName(result), maxLine), 'text', conversationText(result))),
    ...(blocks.length > maxConversations ? [`… and ${blocks.length - maxConversations} more (see report.html)`, ''] : []),
  ]
}

function conversationText(result: CaseResult): string[] {
  const view = conversationView(result)
  if (!view) return []
  const lines: string[] = []
  for (const message of view.messages) {
    lines.push(cut(`${messageLabel(message, view.messages.length)} ${{ passed: '✓', failed: '✗', errored: '(errored)' }[message.verdict]}  ${JSON.stringify(message.user)}`))
    const calls = message.turns.flatMap((turn) => turn.calls.map((call) => call.name))
    if (calls.length > 0) lines.push(cut(`  calls: ${calls.join(', ')}`))
    for (const failure of message.failures) for (const line of failureText(failure, '  ')) lines.push(line)
    if (message.changes) {
      lines.push(message.changes.length === 0 ? '  world: unchanged' : '  world changes:')
      for (const line of changeLines(message.changes, '    ')) lines.push(cut(line))
    }
  }
  if (view.caseFailures.length > 0) lines.push('whole conversation:')
  for (const failure of view.caseFailures) for (const line of failureText(failure, '  ')) lines.push(line)
  return lines
}

/**
 * A failure's kind and message; a message's own continuation lines (a state diff, path by path) stay lines, indented
 * under it, while any other newline — a quoted value's — is written \n (`inertMessage`, as show and JUnit write it).
 */
function failureText(failure: Failure, indent: string): string[] {
  return inertMessage(`${failure.kind}: ${failure.message}`).split('\n').map((line, index) => cut(`${indent}${index > 0 ? '  ' : ''}${line}`))
}

/**
 * A collapsed block of a Markdown summary: the summary line HTML-escaped (inside <summary> Markdown is not
 * rendered), the lines in a code fence longer than any backtick run in them, so a model's backticks cannot close it;
 * control and bidi characters in both written visibly.
 */
export function collapsedBlock(summary: string, info: string, raw: readonly string[]): string[] {
  // Control and bidi characters written visibly (`\u202e`), as in every Markdown cell: GitHub shows a fence as it is.
  const lines = raw.map(inert)
  const longestRun = (line: string) => (line.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0)
  const fence = '`'.repeat(lines.reduce((most, line) => Math.max(most, longestRun(line) + 1), 3))
  return [`<details><summary>${escapeHtml(inert(summary))}</summary>`, '', `${fence}${info}`, ...lines, fence, '', '</details>', '']
}
