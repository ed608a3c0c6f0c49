import type { Case } from '../core/case.ts'
import { InputError, ProviderError, providerFailureFacts, type ProviderFailureFacts } from '../core/errors.ts'
import type { Message } from '../core/message.ts'
import { thrownMessage } from '../core/thrown.ts'
import { addUsage, emptyUsage, type ModelTurn, type Usage } from '../core/model-turn.ts'
import type { GenerateRequest, Provider, RequestContext } from '../core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import type { ToolExecution, Transcript, TranscriptCall, TranscriptTurn } from '../core/transcript.ts'
import { checkCall } from './check-call.ts'
import { executeCall } from './execute-call.ts'
import { HarnessError } from './harness-error.ts'
import type { CaseStrays } from './case-strays.ts'
import type { ToolHooks } from './hooks.ts'
import { idsIn, normalizeTurn } from './normalize-turn.ts'
import { parseArguments } from './parse-arguments.ts'
import { deepFreeze } from './snapshot.ts'
import type { LiveWorld } from './world.ts'

/** Options of one case run. */
export type RunCaseOptions = {
  readonly repeat: number
  readonly hooks?: ToolHooks
  readonly signal?: AbortSignal
  /** Milliseconds a live stub may take when the case sets no `stub_timeout` (the run's `--stub-timeout`; default 30 s). */
  readonly stubTimeoutMs?: number
  /** Where the runner's process guard records what the case's code threw unawaited: the loop ends the case on it. */
  readonly strays?: CaseStrays
}

/** How a case's loop ended: the transcript's `stop` and what it says about it. */
export type LoopEnd = Pick<Transcript, 'stop' | 'error'> & ProviderFailureFacts

/** How one exchange (a request … until the model answers) ended. */
export type ExchangeEnd = LoopEnd & { readonly stop: Exclude<Transcript['stop'], 'simulator-error'> }

/** What one exchange is run with: the tools exposed, the first request's tool choice, the user message answered, the world. */
export type ExchangeSetup = {
  readonly tools: readonly ToolDefinition[]
  readonly toolChoice: ToolChoice
  /** In a conversation: the 0-based user message this exchange answers. */
  readonly message?: number
  readonly world?: LiveWorld
}

/**
 * One case's loop state — the conversation sent so far, the call ids used, the turns, usage and latency — and the
 * exchange: request → assistant turn → parse, check and execute every call → one `role: tool` message per call →
 * request again, until a turn has no calls or `maxTurns` model turns were made. A single request is one exchange;
 * a conversation is one exchange per user message over the same state (turn indexes count over the whole case).
 *
 * The loop is the trust boundary. Providers get a frozen snapshot of the conversation and tools; what they return
 * is normalized (`normalize-turn.ts`: unique call ids, argument text kept byte for byte); hooks, stubs and worlds
 * work on copies. Calls of the last allowed turn are recorded and scored but not executed — no request would carry
 * their results. Never throws on what a model sends or user code does: a provider failure ends the exchange with
 * `provider-error`, a hook, stub or world failing with `harness-error`.
 */
export class CaseLoop {
  readonly messages: Message[]
  readonly turns: TranscriptTurn[] = []
  private readonly usedIds: Set<string>
  private usage: Usage = emptyUsage
  private latencyMs = 0

  constructor(private readonly testCase: Case, private readonly provider: Provider, private readonly options: RunCaseOptions) {
    // The case is shared by every model and repeat: frozen, nothing a provider or user code does can edit it.
    deepFreeze(testCase.messages)
    deepFreeze(testCase.tools)
    this.messages = [...testCase.messages]
    this.usedIds = idsIn(testCase.messages)
  }

  /** Adds a user message to the conversation (a conversation's next message). */
  say(content: string): void {
    this.messages.push(deepFreeze({ role: 'user', content }))
  }

  /** The transcript so far, ended as `end` says; `extra` adds a conversation's fields. */
  transcript({ stop, error, ...facts }: LoopEnd, extra?: Pick<Transcript, 'conversation' | 'initialState' | 'simulator'>): Transcript {
    return {
      initialMessages: this.testCase.messages,
      turns: this.turns,
      stop,
      ...(error !== undefined ? { error } : {}),
      ...facts,
      ...extra,
      usage: this.usage,
      latencyMs: this.latencyMs,
    }
  }

  /** Runs the model until it answers without calls, or for `maxTurns` turns (see the class). */
  async exchange(setup: ExchangeSetup): Promise<ExchangeEnd> {
    const { testCase, provider, options } = this
    const { tools } = setup
    const toolNames = tools.map((tool) => tool.name)
    for (let local = 0; local < testCase.maxTurns; local++) {
      if (options.signal?.aborted) return { stop: 'aborted' }
      const stray = options.strays?.take()
      if (stray !== undefined) return { stop: 'harness-error', error: stray }
      const index = this.turns.length
      const context: RequestContext = {
        suite: testCase.suite, caseId: testCase.id, repeat: options.repeat, turn: index,
        ...(setup.message !== undefined ? { message: setup.message } : {}),
        ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}),
      }
      const toolChoice = local === 0 ? setup.toolChoice : 'auto'
      // A snapshot: the provider never holds the loop's live array, and cannot edit what it was sent.
      const request: GenerateRequest = deepFreeze({
        messages: [...this.messages],
        tools,
        toolChoice,
        ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}),
        context,
      })
      let modelTurn: ModelTurn
      try {
        modelTurn = normalizeTurn(await provider.doGenerate(request, options.signal), this.usedIds, index, tools)
      } catch (error) {
        if (options.signal?.aborted) return { stop: 'aborted' }
        // A bad cassette or script is the user's input: stop the run (exit 2). Anything else a provider throws
        // — its own failure or an SDK surprise — ends this case as provider_error and the run goes on.
        if (InputError.isInstance(error)) throw error
        if (!ProviderError.isInstance(error)) {
          // An SDK's error names the status its server answered (read safely); its retries, if any, are the SDK's own.
          const { status } = ProviderError.factsOf(error)
          return { stop: 'provider-error', error: `unexpected provider failure: ${thrownMessage(error)}`, ...providerFailureFacts({ status }) }
        }
        // A request the breaker did not send, the last status, the retries: fields, as a message's words are anyone's to write.
        return { stop: 'provider-error', error: error.message, ...providerFailureFacts(error.details) }
      }
      this.usage = addUsage(this.usage, modelTurn.usage)
      this.latencyMs += modelTurn.latencyMs

      const calls: TranscriptCall[] = modelTurn.toolCalls.map((raw) => {
        const parsed = parseArguments(raw)
        return { ...parsed, check: checkCall(parsed, tools) }
      })
      // The reasoning state rides on the assistant message so the adapter can send it back exactly on the next request.
      this.messages.push(deepFreeze({ role: 'assistant', content: modelTurn.text, toolCalls: modelTurn.toolCalls, ...(modelTurn.reasoning ? { reasoning: modelTurn.reasoning } : {}) }))
      const lastTurn = local === testCase.maxTurns - 1
      const toolResults: ToolExecution[] = []
      let harnessError: string | undefined
      const backend = setup.world ? { tools, world: setup.world } : { tools }
      // All calls of one turn are executed and answered before the next request, in the order the model sent them.
      for (const call of lastTurn ? [] : calls) {
        try {
          const { execution, message } = await executeCall(call, testCase, options.hooks ?? {}, context, options.stubTimeoutMs, backend)
          toolResults.push(execution)
          this.messages.push(deepFreeze(message))
          // What the call's code threw unawaited ends the case as its throw would have (the call's result is kept).
          harnessError = options.strays?.take()
          if (harnessError !== undefined) break
        } catch (error) {
          // A hook, stub or world failed, or a stub's backend died: the case ends here (harness_error), the model's calls kept as evidence.
          if (!HarnessError.isInstance(error)) throw error
          harnessError = error.message
          break
        }
      }
      this.turns.push({
        index,
        ...(setup.message !== undefined ? { message: setup.message } : {}),
        request: {
          toolChoice,
          ...(testCase.parallelToolCalls !== undefined ? { parallelToolCalls: testCase.parallelToolCalls } : {}),
          toolNames,
        },
        text: modelTurn.text,
        calls,
        finishReason: modelTurn.finishReason,
        usage: modelTurn.usage,
        latencyMs: modelTurn.latencyMs,
        // Not 0 when the provider does not say: 0 would be "not retried", which nobody knows (as ProviderError.factsOf).
        ...(modelTurn.retries !== undefined ? { retries: modelTurn.retries } : {}),
        ...(modelTurn.stream ? { stream: modelTurn.stream } : {}),
        ...(modelTurn.batch !== undefined ? { batch: modelTurn.batch } : {}),
        toolResults,
        ...(modelTurn.reasoning ? { reasoning: modelTurn.reasoning } : {}),
        ...(modelTurn.raw ? { raw: modelTurn.raw } : {}),
      })
      if (harnessError !== undefined) return { stop: 'harness-error', error: harnessError }
      if (calls.length === 0) return { stop: 'no-calls' }
    }
    return { stop: 'max-turns' }
  }
}
