import type { Message, RawToolCall } from '../core/message.ts'
import { emptyUsage, isTokenCount, type ModelTurn, type Usage } from '../core/model-turn.ts'
import type { ToolDefinition } from '../core/tool.ts'

/**
 * What any provider returns, made safe for the loop — built-in adapters and custom `Provider` implementations
 * alike: fresh objects the provider no longer holds, text and argument text as strings (kept byte for byte when
 * they are strings), and tool-call ids unique within the case. A missing, empty or already-used id (some servers
 * send none, or `call_0` every turn) is replaced by `call_<turn>_<index>` — deterministic, so record/replay and
 * repeats agree — and the provider's own id is kept as `wireId`. An empty argument string for an offered tool that
 * takes no required arguments (some compatible servers send `""` for an argument-less call) is `{}` with a note.
 */
export function normalizeTurn(turn: ModelTurn, usedIds: Set<string>, turnIndex: number, tools: readonly ToolDefinition[] = []): ModelTurn {
  const calls: readonly unknown[] = Array.isArray(turn?.toolCalls) ? turn.toolCalls : []
  return {
    // Fields this function does not know (provider state such as reasoning) travel on unchanged.
    ...turn,
    text: typeof turn?.text === 'string' ? turn.text : '',
    toolCalls: calls.map((call, index) => withEmptyArguments(normalizeCall(call, usedIds, turnIndex, index), tools)),
    finishReason: turn?.finishReason && typeof turn.finishReason.unified === 'string' ? { ...turn.finishReason } : { unified: 'other' },
    usage: normalizeUsage(turn?.usage),
    latencyMs: Number.isFinite(turn?.latencyMs) ? turn.latencyMs : 0,
  }
}

/** The ids a conversation already uses (the case's own history), so new calls do not take them. */
export function idsIn(messages: readonly Message[]): Set<string> {
  const used = new Set<string>()
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls) used.add(call.id)
  }
  return used
}

function normalizeCall(value: unknown, usedIds: Set<string>, turn: number, index: number): RawToolCall {
  const call = (typeof value === 'object' && value !== null ? value : {}) as { id?: unknown; name?: unknown; rawArguments?: unknown; note?: unknown }
  const original = typeof call.id === 'string' ? call.id : ''
  let id = original !== '' && !usedIds.has(original) ? original : `call_${turn}_${index}`
  for (let suffix = 1; usedIds.has(id); suffix++) id = `call_${turn}_${index}_${suffix}`
  usedIds.add(id)
  return {
    id,
    name: typeof call.name === 'string' ? call.name : '',
    rawArguments: argumentText(call.rawArguments),
    ...(id !== original && original !== '' ? { wireId: original } : {}),
    // Why the argument text is not the wire text (a call with no `arguments` field is `{}`): kept for the report.
    ...(typeof call.note === 'string' ? { note: call.note } : {}),
  }
}

/** The note on a call whose empty argument string was recorded as `{}`. */
const emptyArgumentsNote = 'empty argument string on the wire for a tool without required arguments: recorded as {}'

// Done here rather than when parsing, so the history sent back and the transcript carry the same `{}`, as they do
// for a call with no `arguments` field at all. A tool that requires arguments keeps "" (malformed: something is missing).
function withEmptyArguments(call: RawToolCall, tools: readonly ToolDefinition[]): RawToolCall {
  if (call.rawArguments.trim() !== '') return call
  const tool = tools.find((candidate) => candidate.name === call.name)
  if (!tool || requiresArguments(tool)) return call
  return { ...call, rawArguments: '{}', note: emptyArgumentsNote }
}

function requiresArguments(tool: ToolDefinition): boolean {
  const required = (tool.parameters as { required?: unknown }).required
  return Array.isArray(required) && required.length > 0
}

/** Argument text as sent; a custom provider handing over an object gets it as JSON text (the model's content is kept). */
function argumentText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value) ?? ''
}

/** Usage as counts, a custom provider's too: one that is none (negative, say — summed, it would shrink the case's and run's tokens and cost) is unknown, 0. */
function normalizeUsage(usage: Partial<Usage> | undefined): Usage {
  if (!usage) return emptyUsage
  const count = (value: unknown) => (isTokenCount(value) ? value : 0)
  return {
    input: count(usage.input),
    output: count(usage.output),
    cacheRead: count(usage.cacheRead),
    cacheWrite: count(usage.cacheWrite),
    ...(isTokenCount(usage.reasoning) ? { reasoning: usage.reasoning } : {}),
  }
}
