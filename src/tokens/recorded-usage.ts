import { InputError } from '../core/errors.ts'
import { parseDocumentText } from '../io/read-document.ts'
import { toolsFromList } from '../suite/load-tools.ts'
import { messagesFromList } from './messages-file.ts'
import { toolChoiceOf } from './tool-choice-flag.ts'
import type { ToolTokenRequest } from './types.ts'
import { readTextFile } from '../io/read-text.ts'

/**
 * One real request with the input tokens its API reported (`recorded_usage.jsonl` of the token-oracles data):
 * the `tokens` inputs it converts to, and what it is (group, host, served model, features).
 */
export type RecordedRequest = {
  readonly id: string
  /** The recording's own grouping (`chat gpt-5*`, `claude-* (Messages API)`, …). */
  readonly group: string
  readonly host: string
  readonly servedModel: string
  readonly recordedAt: string
  /** `thinking/reasoning-param`, `tool-calls-in-history`, `strict`, … as the recording lists them. */
  readonly features: readonly string[]
  readonly request: ToolTokenRequest
  /** Input tokens the API reported (Anthropic: input + cache creation + cache read). */
  readonly expected: number
}

/** Reads a recorded-usage JSONL file; a malformed line is an InputError naming file and line. */
export function readRecordedUsage(file: string): RecordedRequest[] {
  const text = readTextFile(file)
  const requests: RecordedRequest[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    requests.push(toRecorded(line, file, index + 1))
  }
  return requests
}

function toRecorded(line: string, file: string, lineNumber: number): RecordedRequest {
  const parsed = parseDocumentText(file, line)
  // Each row is one line: every error points at that line of the JSONL file.
  const document = { ...parsed, lineOf: () => lineNumber }
  const row = parsed.value as Record<string, unknown>
  const fail = (field: string, expected: string): never => {
    throw new InputError(`expected ${expected}`, { file, line: lineNumber, field })
  }
  if (typeof row !== 'object' || row === null) return fail('', 'a JSON object per line')
  const spec = typeof row.spec === 'string' ? row.spec : fail('spec', 'a model spec')
  const expected = typeof row.recorded_input_tokens === 'number' ? row.recorded_input_tokens : fail('recorded_input_tokens', 'a number')
  const features = Array.isArray(row.features) ? row.features.filter((f): f is string => typeof f === 'string') : []
  const toolChoice = row.tool_choice === null || row.tool_choice === undefined
    ? undefined
    : toolChoiceOf(row.tool_choice) ?? fail('tool_choice', 'null, auto, none, required or {function: {name}}')
  const request: ToolTokenRequest = {
    model: spec,
    tools: toolsFromList(row.tools ?? [], document, ['tools']),
    messages: messagesFromList(row.messages ?? [], document, ['messages']),
    ...(toolChoice ? { toolChoice } : {}),
    ...(features.includes('thinking/reasoning-param') ? { reasoning: true } : {}),
    perTool: false,
  }
  return {
    id: typeof row.id === 'string' ? row.id : `line ${lineNumber}`,
    group: typeof row.group === 'string' ? row.group : '',
    host: typeof row.host === 'string' ? row.host : '',
    servedModel: typeof row.served_model === 'string' ? row.served_model : '',
    recordedAt: typeof row.recorded_at === 'string' ? row.recorded_at : '',
    features,
    request,
    expected,
  }
}
