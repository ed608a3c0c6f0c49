import { InputError } from '../../src/core/errors.ts'
import { parseDocumentText } from '../../src/io/read-document.ts'
import { toolsFromList } from '../../src/suite/load-tools.ts'
import { messagesFromList } from '../../src/tokens/messages-file.ts'
import { toolChoiceOf } from '../../src/tokens/tool-choice-flag.ts'
import type { ToolTokenRequest } from '../../src/tokens/types.ts'
import { readTextFile } from '../../src/io/read-text.ts'

/**
 * One real request with the input tokens its API reported (`recorded_usage.jsonl` of the token-oracles data) and
 * the `tokens` inputs it converts to.
 */
export type RecordedRequest = {
  readonly id: string
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
  // The recording lists what a request used (`thinking/reasoning-param`, `tool-calls-in-history`, `strict`, …).
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
    request,
    expected,
  }
}
