import type { Case } from '../core/case.ts'
import { InputError, ProviderError } from '../core/errors.ts'
import type { Message } from '../core/message.ts'
import { addUsage, emptyUsage, type ModelTurn, type Usage } from '../core/model-turn.ts'
import type { GenerateRequest, Provider, RequestContext } from '../core/provider.ts'
import type { ToolExecution, Transcript, TranscriptCall, TranscriptTurn } from '../core/transcript.ts'
import { checkCall } from './check-call.ts'
import { executeCall } from './execute-call.ts'
import { HarnessError } from './harness-error.ts'
import type { ToolHooks } from './hooks.ts'
import { idsIn, normalizeTurn } from './normalize-turn.ts'
import { parseArguments } from './parse-arguments.ts'
import { deepFreeze } from './snapshot.ts'

/** Options of one case run. */
export type RunCaseOptions = {
  readonly repeat: number
  readonly hooks?: ToolHooks
  readonly signal?: AbortSignal
  /** Milliseconds a live stub may take when the case sets no `stub_timeout` (the run's `--stub-timeout`; default 30 s). */
  readonly stubTimeoutMs?: number
}

/**
 * The tool-calling loop for one case: request → assistant turn → parse, check and execute every call → one
 * `role: tool` message per call → request again, until a turn has no calls or `maxTurns` model turns were made.
 * `tool_choice` applies to the first request only (later ones use auto so a forced call can be answered).
 *
 * The loop is the trust boundary. Providers get a frozen snapshot of the conversation and tools; what they return
 * is normalized (`normalize-turn.ts`: unique call ids, argument text kept byte for byte); hooks and stubs work on
 * copies. Calls of the last allowed turn are recorded and scored but not executed — no request would carry their
 * results. Never throws on what a model sends or a hook does: a provider failure ends the transcript with
 * `stop: 'provider-error'`, a hook that throws with `stop: 'harness-error'`.
 */
export async function runCase(testCase: Case, provider: Provider, options: RunCaseOptions): Promise<Transcript> {
  // The case is shared by every model and repeat: frozen, nothing a provider or user code does can edit it.
  deepFreeze(testCase.messages)
  deepFreeze(testCase.tools)
  const messages: Message[] = [...testCase.messages]
  const usedIds = idsIn(testCase.messages)
  const turns: TranscriptTurn[] = []
  let usage: Usage = emptyUsage
  let latencyMs = 0
  const finish = (stop: Transcript['stop'], error?: string): Transcript => ({
    initialMessages: testCase.messages,
    turns,
    stop,
    ...(error !== undefined ? { error } : {}),
    usage,
    latencyMs,
  })

  for (let index = 0; index < testCase.maxTurns; index++) {
    if (options.signal?.aborted) return finish('aborted')
    const context: RequestContext = { suite: testCase.suite, caseId: testCase.id, repeat: options.repeat, turn: index }
    const toolChoice = index === 0 ? testCase.toolChoice : 'auto'
    // A snapshot: the provider never holds the loop's live array, and cannot edit what it was sent.
    const request: GenerateRequest = deepFreeze({
      messages: [...messages],
      tools: testCase.tools,
      toolChoice,
      ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}),
      context,
    })
    let modelTurn: ModelTurn
    try {
      modelTurn = normalizeTurn(await provider.doGenerate(request, options.signal), usedIds, index, testCase.tools)
    } catch (error) {
      if (options.signal?.aborted) return finish('aborted')
      // A bad cassette or script is the user's input: stop the run (exit 2). Anything else a provider throws
      // — its own failure or an SDK surprise — ends this case as provider_error and the run goes on.
      if (InputError.isInstance(error)) throw error
      return finish('provider-error', ProviderError.isInstance(error) ? error.message : `unexpected provider failure: ${(error as Error)?.message ?? String(error)}`)
    }
    usage = addUsage(usage, modelTurn.usage)
    latencyMs += modelTurn.latencyMs

    const calls: TranscriptCall[] = modelTurn.toolCalls.map((raw) => {
      const parsed = parseArguments(raw)
      return { ...parsed, check: checkCall(parsed, testCase.tools) }
    })
    // The reasoning state rides on the assistant message so the adapter can send it back exactly on the next request.
    messages.push(deepFreeze({ role: 'assistant', content: modelTurn.text, toolCalls: modelTurn.toolCalls, ...(modelTurn.reasoning ? { reasoning: modelTurn.reasoning } : {}) }))
    const lastTurn = index === testCase.maxTurns - 1
    const toolResults: ToolExecution[] = []
    let harnessError: string | undefined
    // All calls of one turn are executed and answered before the next request, in the order the model sent them.
    for (const call of lastTurn ? [] : calls) {
      try {
        const { execution, message } = await executeCall(call, testCase, options.hooks ?? {}, context, options.stubTimeoutMs)
        toolResults.push(execution)
        messages.push(deepFreeze(message))
      } catch (error) {
        // A hook or stub failed, or a stub's backend died: the case ends here (harness_error), the model's calls kept as evidence.
        if (!HarnessError.isInstance(error)) throw error
        harnessError = error.message
        break
      }
    }
    turns.push({
      index,
      request: {
        toolChoice,
        ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}),
        toolNames: testCase.tools.map((tool) => tool.name),
      },
      text: modelTurn.text,
      calls,
      finishReason: modelTurn.finishReason,
      usage: modelTurn.usage,
      latencyMs: modelTurn.latencyMs,
      retries: modelTurn.retries ?? 0,
      toolResults,
      ...(modelTurn.reasoning ? { reasoning: modelTurn.reasoning } : {}),
      ...(modelTurn.raw ? { raw: modelTurn.raw } : {}),
    })
    if (harnessError !== undefined) return finish('harness-error', harnessError)
    if (calls.length === 0) return finish('no-calls')
  }
  return finish('max-turns')
}
