import type { Case } from '../core/case.ts'
import type { ToolCall, ToolMessage } from '../core/message.ts'
import type { RequestContext } from '../core/provider.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { HookActivity, ToolExecution, TranscriptCall } from '../core/transcript.ts'
import { schemaIssues } from './check-call.ts'
import { callHook } from './harness-error.ts'
import { checkedOutcome } from './hook-outcome.ts'
import { judgedArguments } from './parse-arguments.ts'
import type { ToolCallContext, ToolHooks } from './hooks.ts'
import { ownCopy } from './snapshot.ts'
import { caseTimeoutMs, runStub } from './stubs.ts'
import type { LiveWorld } from './world.ts'

/**
 * What answers a call besides the case's stubs: the tools exposed right now (a conversation's `add_tools` changes
 * them; default the case's) and the case's world, whose methods answer before the stubs.
 */
export type ToolBackend = { readonly tools?: readonly ToolDefinition[]; readonly world?: LiveWorld }

/** What one executed call produced. */
export type CallOutcome = { readonly execution: ToolExecution; readonly message: ToolMessage }

/**
 * Executes one call the way a careful app would: unknown tools and malformed or schema-invalid arguments are
 * answered with an error result (after `beforeToolCall` had its chance to repair or reject); valid calls go to
 * the stub, then through `afterToolCall`. Returns the execution record and the `role: tool` message.
 *
 * The transcript call is the evidence and stays untouched: hooks and the stub each get their own copy of the
 * call, its arguments and the context, and what they return is recorded as a copy too. A HarnessError (the loop
 * ends the case with `harness_error`): a hook that throws or returns what no hook may return; a stub throwing one
 * (its backend failed); a hook or live stub not settled within the case's stub timeout (`stubTimeoutMs` when the
 * case sets none); a live stub's result JSON cannot carry. Any other error a stub throws is an error result for the
 * model. A world (`backend.world`) answers the tools it implements in place of their stubs, with the same guarantees.
 */
export async function executeCall(call: TranscriptCall, testCase: Case, hooks: ToolHooks, request: RequestContext, stubTimeoutMs: number | undefined, backend: ToolBackend = {}): Promise<CallOutcome> {
  const activity: HookActivity[] = []
  const context: ToolCallContext = { ...request, toolName: call.name, callId: call.id, schemaIssues: ownCopy(call.check.schemaIssues) }
  const finish = (source: ToolExecution['source'], result: unknown, isError: boolean): CallOutcome => {
    const content = typeof result === 'string' ? result : JSON.stringify(result) ?? 'null'
    return {
      execution: { callId: call.id, name: call.name, source, result: ownCopy(result), content, isError, hooks: activity },
      message: { role: 'tool', toolCallId: call.id, name: call.name, content, ...(isError ? { isError: true } : {}) },
    }
  }

  const tools = backend.tools ?? testCase.tools
  const tool = tools.find((candidate) => candidate.name === call.name)
  if (!tool) return finish('rejected', `Error: unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(', ')}`, true)

  const timeoutMs = caseTimeoutMs(testCase, stubTimeoutMs)
  let args = call.arguments
  let issues = call.check.wellFormed ? call.check.schemaIssues : undefined
  const before = hooks.beforeToolCall
  const beforeOutcome = before ? checkedOutcome('beforeToolCall', await callHook('beforeToolCall', call, () => before(userCall(call, args), ownCopy(context)), timeoutMs), call) : undefined
  if (beforeOutcome && 'reject' in beforeOutcome) {
    activity.push({ hook: 'beforeToolCall', action: 'reject', message: String(beforeOutcome.reject) })
    return finish('hook', String(beforeOutcome.reject), true)
  }
  if (beforeOutcome && 'result' in beforeOutcome) {
    activity.push({ hook: 'beforeToolCall', action: 'result', result: ownCopy(beforeOutcome.result) })
    return finish('hook', beforeOutcome.result, false)
  }
  if (beforeOutcome && 'arguments' in beforeOutcome) {
    // The replacement is the hook's: the stub runs on it, scoring still reads the model's call.
    args = ownCopy(beforeOutcome.arguments)
    activity.push({ hook: 'beforeToolCall', action: 'replace-arguments', arguments: ownCopy(args) })
    issues = schemaIssues(tool, args)
  }
  if (issues === undefined) return finish('rejected', `Error: invalid arguments: ${call.parseError ?? 'not a JSON object'}`, true)
  if (issues.length > 0) return finish('rejected', `Error: invalid arguments: ${issues.map((issue) => issue.message).join('; ')}`, true)

  const world = backend.world
  const outcome = world?.has(call.name)
    ? await world.call(call.name, args, context, timeoutMs)
    : await runStub(testCase.stubs[call.name], ownCopy(args), context, timeoutMs, args === call.arguments ? judgedArguments(call) : args)
  let result = outcome.ok ? outcome.result : `Error: ${outcome.error}`
  const after = hooks.afterToolCall
  if (outcome.ok && after) {
    const afterOutcome = checkedOutcome('afterToolCall', await callHook('afterToolCall', call, () => after(userCall(call, args), ownCopy(result), ownCopy(context)), timeoutMs), call)
    if (afterOutcome && 'result' in afterOutcome) {
      activity.push({ hook: 'afterToolCall', action: 'replace-result', result: ownCopy(afterOutcome.result) })
      result = afterOutcome.result
    }
  }
  return finish(outcome.source, result, !outcome.ok)
}

/** The call as user code sees it: a fresh object with its own copy of the arguments and none of the loop's checks. */
function userCall(call: TranscriptCall, args: unknown): ToolCall {
  return {
    id: call.id,
    name: call.name,
    rawArguments: call.rawArguments,
    ...(args !== undefined ? { arguments: ownCopy(args) } : {}),
    ...(call.parseError !== undefined ? { parseError: call.parseError } : {}),
  }
}
