import type { BatchQueue } from './batch.ts'
import type { Message } from './message.ts'
import type { ModelTurn } from './model-turn.ts'
import type { ToolChoice, ToolDefinition } from './tool.ts'

/** Everything a provider needs for one request of the loop. */
export type GenerateRequest = {
  readonly messages: readonly Message[]
  readonly tools: readonly ToolDefinition[]
  readonly toolChoice: ToolChoice
  /** false asks for at most one call per turn; undefined leaves the provider default. */
  readonly parallelToolCalls?: boolean
  /** Which case, repeat and turn this request belongs to: scripted models and cassette keys use it. */
  readonly context: RequestContext
}

/** Identifies a request within a run. */
export type RequestContext = {
  readonly suite: string
  readonly caseId: string
  readonly repeat: number
  /** 0-based index of the assistant turn being requested (counted over the whole case, across a conversation's messages). */
  readonly turn: number
  /** In a conversation: the 0-based index of the user message being answered (cassettes are keyed per message). */
  readonly message?: number
  /** The case's tool-description variant, when it runs one (a batch's custom id tells the variants apart). */
  readonly variant?: string
}

/**
 * A model behind one wire protocol. Adapters are thin: they map the request to the protocol and the answer back,
 * never parse arguments or score. `doGenerate` throws `ProviderError` when the request finally fails. The request
 * is a frozen snapshot (copy what you need to change); the loop normalizes what comes back, so an implementation
 * may leave ids empty or repeat them (they get unique `call_<turn>_<index>` ids, the original kept as `wireId`).
 */
export type Provider = {
  /** The model's identity in results and reports: its label when it has one, else the spec (`openai:gpt-4.1-mini`). */
  readonly id: string
  /** The model spec, when `id` is a label (prices and tokenizers are looked up by spec). */
  readonly spec?: string
  doGenerate(request: GenerateRequest, signal?: AbortSignal): Promise<ModelTurn>
  /**
   * Optional check before any request: throws an InputError when the model cannot serve these cases (e.g. a script
   * misses one, or has fewer repeats than the run asks for); returns warnings for what looks like a slip (a scripted
   * key that names no case of the suites). Synchronous: anything else it throws, or returns, stops the run before
   * any request as an InputError naming the model (runner/provider-checks.ts).
   */
  checkCases?(cases: readonly CaseRef[], plan?: CasePlan): readonly string[] | void
  /**
   * Optional check of what a case asks of its requests, before any request of the run: the problem when this model
   * would refuse them (Anthropic with thinking on refuses a forced `tool_choice`), so the run stops with exit 2 up
   * front, naming the case, instead of when that case comes. What it throws stops the run the same way (an InputError
   * as it is, anything else as an InputError naming the model and the case).
   */
  checkRequest?(request: RequestShape): RequestProblem | undefined
  /** Present in batch mode (`--batch`, setting `batch: true`): the queue its requests are held in until the next batch (core/batch.ts). */
  readonly batch?: BatchQueue
}

/** What a case asks of every request, known before any is sent: its tools and the first request's settings. */
export type RequestShape = Pick<GenerateRequest, 'tools' | 'toolChoice' | 'parallelToolCalls'>

/**
 * Why a model refuses a case's requests: the case's field (`tool_choice` …) and the reason; `fix`, what to change in
 * the case, said where the case is the user's (a run, not conformance's own probes).
 */
export type RequestProblem = { readonly field: string; readonly message: string; readonly fix?: string }

/** A case by its suite name and id. */
export type CaseRef = { readonly suite: string; readonly id: string }

/** What the run will ask of a provider, beyond the cases it runs. */
export type CasePlan = {
  /** Repeats per case (`--repeat`); 1 when absent. */
  readonly repeats?: number
  /** Every case of the loaded suites, before --filter and --shard (a key naming none of them is a slip). */
  readonly allCases?: readonly CaseRef[]
}
