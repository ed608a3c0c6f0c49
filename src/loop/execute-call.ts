import type { Case } from '../core/case.ts'
import type { ToolMessage } from '../core/message.ts'
import type { RequestContext } from '../core/provider.ts'
import type { HookActivity, ToolExecution, TranscriptCall } from '../core/transcript.ts'
import { schemaIssues } from './check-call.ts'
import type { ToolCallContext, ToolHooks } from './hooks.ts'
import { runStub } from './stubs.ts'

/**
 * Executes one call the way a careful app would: unknown tools and malformed or schema-invalid arguments are
 * answered with an error result (after `beforeToolCall` had its chance to repair or reject); valid calls go to
 * the stub, then through `afterToolCall`. Returns the execution record and the `role: tool` message.
 */
export async function executeCall(
  call: TranscriptCall,
  testCase: Case,
  hooks: ToolHooks,
  request: RequestContext,
): Promise<{ execution: ToolExecution; message: ToolMessage }> {
  const activity: HookActivity[] = []
  const context: ToolCallContext = { ...request, toolName: call.name, callId: call.id, schemaIssues: call.check.schemaIssues }
  const finish = (source: ToolExecution['source'], result: unknown, isError: boolean) => {
    const content = typeof result === 'string' ? result : JSON.stringify(result) ?? 'null'
    return {
      execution: { callId: call.id, name: call.name, source, result, content, isError, hooks: activity },
      message: { role: 'tool', toolCallId: call.id, name: call.name, content, ...(isError ? { isError: true } : {}) } as ToolMessage,
    }
  }

  const tool = testCase.tools.find((candidate) => candidate.name === call.name)
  if (!tool) return finish('rejected', `Error: unknown tool "${call.name}". Available tools: ${testCase.tools.map((t) => t.name).join(', ')}`, true)

  let args = call.arguments
  let issues = call.check.wellFormed ? call.check.schemaIssues : undefined
  const before = await hooks.beforeToolCall?.(call, context)
  if (before && 'reject' in before) {
    activity.push({ hook: 'beforeToolCall', action: 'reject', message: before.reject })
    return finish('hook', before.reject, true)
  }
  if (before && 'result' in before) {
    activity.push({ hook: 'beforeToolCall', action: 'result', result: before.result })
    return finish('hook', before.result, false)
  }
  if (before && 'arguments' in before) {
    activity.push({ hook: 'beforeToolCall', action: 'replace-arguments', arguments: before.arguments })
    args = before.arguments
    issues = schemaIssues(tool, args)
  }
  if (issues === undefined) return finish('rejected', `Error: invalid arguments: ${call.parseError ?? 'not a JSON object'}`, true)
  if (issues.length > 0) return finish('rejected', `Error: invalid arguments: ${issues.map((issue) => issue.message).join('; ')}`, true)

  const outcome = await runStub(testCase.stubs[call.name], args, context)
  let result = outcome.ok ? outcome.result : `Error: ${outcome.error}`
  if (outcome.ok && hooks.afterToolCall) {
    const after = await hooks.afterToolCall({ ...call, arguments: args }, result, context)
    if (after && 'result' in after) {
      activity.push({ hook: 'afterToolCall', action: 'replace-result', result: after.result })
      result = after.result
    }
  }
  return finish(outcome.source, result, !outcome.ok)
}
