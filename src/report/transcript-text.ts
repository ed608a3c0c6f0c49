import type { CaseResult, Failure, ResultTurn } from '../core/result.ts'
import { changeLines, conversationView, messageLabel, simulatorLine, stateLine, type ConversationView } from './conversation-view.ts'
import { reasoningSummary, reasoningText, type ReasoningState } from '../core/reasoning.ts'
import { turnSettings, type ToolSetIndex } from './turn-settings.ts'
import { repeatLabel } from './repeat-label.ts'
import { verdictOf } from '../core/verdict.ts'
import { argumentDiff, diffLineText } from './argument-diff.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { hookNotes } from './hook-notes.ts'
import { checkLines, checkLineText, checkOutcomeWord } from './check-lines.ts'
import { shorten } from '../core/shorten.ts'

type Style = (text: string) => string

/**
 * Renders one result as readable text: prompt, turns with raw arguments, tool results, final text, failures. A
 * conversation is drawn by user message (1-based), each with its turns, the world's state after it and its failures.
 */
export function formatTranscript(result: CaseResult, options: { color?: boolean; toolSets?: ToolSetIndex; repeated?: boolean } = {}): string {
  const paint = (code: string): Style => (text) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text)
  const [bold, red, green, dim, yellow] = ['1', '31', '32', '2', '33'].map(paint) as [Style, Style, Style, Style, Style]
  const lines: string[] = []
  const verdict = verdictOf(result)
  const label = { passed: green('PASS'), failed: red('FAIL'), errored: yellow('ERRORED') }[verdict]
  // The variant is part of the label: two variants of one case × model must not print the same header.
  lines.push(bold(`${label} ${result.suite}/${result.case}  [${summaryLabel(result)}]${options.repeated === true || result.repeat > 0 ? ` ${repeatLabel(result.repeat)}` : ''}`))
  for (const message of result.messages as { role: string; content?: string }[]) {
    lines.push(`${dim(`${message.role}:`)} ${message.content ?? ''}`)
  }
  const view = conversationView(result)
  const turnLines = (turn: ResultTurn): void => {
    const settings = turnSettings(turn, options.toolSets)
    lines.push(bold(`── turn ${turn.index + 1} (${[...settings, `finish ${turn.finishReason.raw ?? turn.finishReason.unified}`].join(', ')})`))
    // Reasoning state is evidence of what travelled, never scored: one collapsed line.
    if (turn.reasoning) lines.push(dim(`reasoning (kept, sent back, not scored): ${reasoningLine(turn.reasoning)}`))
    if (turn.text) lines.push(`${dim('assistant:')} ${turn.text}`)
    for (const call of turn.calls) {
      const problems = [
        call.check.knownTool ? '' : 'unknown tool',
        call.parseError ?? '',
        ...call.check.schemaIssues.map((issue) => issue.message),
      ].filter(Boolean)
      lines.push(`${dim('call')} ${call.id} ${bold(call.name)}(${call.rawArguments})${problems.length ? red(`  ⚠ ${problems.join('; ')}`) : ''}${call.note ? dim(`  (${call.note})`) : ''}`)
    }
    for (const execution of turn.toolResults) {
      const hooks = execution.hooks.map((hook) => `${hook.hook}:${hook.action}`).join(', ')
      const content = shorten(execution.content, 300)
      lines.push(`${dim(`result ${execution.callId} [${execution.source}${hooks ? `; ${hooks}` : ''}]`)} ${execution.isError ? red(content) : content}`)
      for (const note of hookNotes(execution)) lines.push(`  ${yellow(`↳ ${note}`)}`)
    }
  }
  const failureLines = (failure: Failure, indent: string): void => {
    // A message's own continuation lines (a state diff, path by path) stay under it, indented with it.
    lines.push(`${indent}${red(failure.kind)} ${failure.message.replace(/\n/g, `\n${indent}  `)}${failure.path ? dim(`  @ ${failure.path}`) : ''}`)
    // Expected against actual, argument by argument: the same lines in every output (report/argument-diff.ts).
    const diff = argumentDiff(failure)
    if (diff.length > 0) lines.push(dim(`${indent}    arguments (- expected, + actual):`))
    for (const line of diff) lines.push(`${indent}    ${{ '-': green, '+': red, ' ': dim }[line.sign](diffLineText(line))}`)
  }
  if (view) conversationLines(view, { lines, bold, dim, red }, verdict === 'errored' ? 'errored (no verdict on the model)' : 'failures', turnLines, failureLines)
  else for (const turn of result.turns) turnLines(turn)
  const final = result.turns.at(-1)?.text
  if (final !== undefined) lines.push(`${dim('final:')} ${final || dim('(empty)')}`)
  if (result.failures.length > 0) {
    // An errored result says what broke (an outage, the suite's own code), not what the model got wrong.
    // A conversation's replies showed their own failures above; what is left is the whole conversation's.
    const listed = view ? view.caseFailures : result.failures
    if (listed.length > 0) lines.push(bold(verdict === 'errored' ? 'errored (no verdict on the model):' : view ? 'failures of the whole conversation:' : 'failures:'))
    for (const failure of listed) failureLines(failure, '  ')
  }
  // What the custom checks and judges said, pass or fail: a judge's reason is worth reading when it passed too.
  const checks = checkLines(result)
  if (checks.length > 0) lines.push(bold('checks:'))
  for (const check of checks) lines.push(`  ${(check.outcome === 'pass' ? green : check.outcome === 'fail' ? red : dim)(checkOutcomeWord(check))} ${checkLineText(check)}`)
  if (result.expectedTools.length > 0) lines.push(dim(`expected tools: ${result.expectedTools.join(', ')}`))
  return `${lines.join('\n')}\n`
}

/** The line writers a conversation is drawn with (formatTranscript's own, so colors and layout are the same). */
type Writers = { readonly lines: string[]; readonly bold: Style; readonly dim: Style; readonly red: Style }

/**
 * A conversation by user message: the world's initial state, then per message what the user said, the turns that
 * answered it, the world's state after the reply and the failures of that reply (a state diff path by path).
 */
function conversationLines(view: ConversationView, w: Writers, failuresTitle: string, turnLines: (turn: ResultTurn) => void, failureLines: (failure: Failure, indent: string) => void): void {
  if (view.simulator) w.lines.push(w.dim(simulatorLine(view.simulator)))
  if (view.hasInitialState) w.lines.push(`${w.dim('initial state:')} ${stateLine(view.initialState)}`)
  for (const message of view.messages) {
    const mark = { passed: '', failed: ' ✗', errored: ' (errored)' }[message.verdict]
    w.lines.push(w.bold(`━━ ${messageLabel(message, view.messages.length)}${mark}`))
    if (message.toolNames) w.lines.push(w.dim(`tools from here on: ${message.toolNames.join(', ') || '(none)'}`))
    w.lines.push(`${w.dim('user:')} ${message.user}`)
    for (const turn of message.turns) turnLines(turn)
    // What the reply changed, path by path, reads better than a whole snapshot repeated per message.
    if (message.changes) {
      w.lines.push(`${w.dim(`state after message ${message.number}:`)}${message.changes.length === 0 ? ' unchanged' : ''}`)
      for (const line of changeLines(message.changes, '  ')) w.lines.push(line)
    } else if (message.hasState) w.lines.push(`${w.dim(`state after message ${message.number}:`)} ${stateLine(message.state)}`)
    if (message.failures.length > 0) w.lines.push(w.red(`${failuresTitle} of message ${message.number}:`))
    for (const failure of message.failures) failureLines(failure, '  ')
  }
}

/** What a reasoning state holds and the start of its readable text, on one line. */
function reasoningLine(state: ReasoningState): string {
  const text = reasoningText(state).replace(/\s+/g, ' ').trim()
  return text === '' ? reasoningSummary(state) : `${reasoningSummary(state)} — "${shorten(text, 80)}"`
}
