import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import type { OpenModelFiles } from './open-model.ts'

/**
 * How a figure was obtained: `exact-render` (a published renderer reproduced byte for byte and tokenized with the
 * real tokenizer: exact for that renderer), `calibrated-render` (the provider's render reproduced as far as known,
 * real tokenizer, hidden framing fitted on real API usage; `confidence` covers ≥ 95% of the calibration requests),
 * `estimate` (a proxy with a wide stated error), `measured` (reported by the provider's API for this request).
 */
export type CountMethod = 'exact-render' | 'calibrated-render' | 'estimate' | 'measured'

/** The counting families (docs/tokens.md "How each family is counted"). */
export type ToolTokenFamily = 'openai-chat' | 'harmony' | 'anthropic' | 'open-model' | 'default'

/** What to count: one request as the runner would send it. */
export type ToolTokenRequest = {
  /** A toolgauge model spec: `openai:gpt-4o`, `anthropic:claude-sonnet-4-5`, `openai-compatible:…`, `baseline`, … */
  readonly model: string
  readonly tools: readonly ToolDefinition[]
  /** The conversation; default {@link defaultMessages} (one short user message). */
  readonly messages?: readonly Message[]
  readonly toolChoice?: ToolChoice
  /**
   * An open model's tokenizer.json + chat template: counts exactly with them whatever the spec's prefix
   * (`openai-compatible:qwen3:8b` served by vLLM, Ollama, …). Without it such specs get the default estimate.
   */
  readonly openModel?: OpenModelFiles
  /**
   * The request asks for reasoning (Anthropic `thinking`, OpenAI `reasoning_effort` / `reasoning.effort`): some
   * providers add prompt text for it (docs/tokens.md). Default false.
   */
  readonly reasoning?: boolean
  /** Compute the leave-one-out breakdown (default true; the runner can skip it when it only needs totals). */
  readonly perTool?: boolean
}

/** One tool's marginal cost: the whole request's tokens minus the same request without this tool. */
export type PerToolTokens = { readonly name: string; readonly tokens: number }

/** Tokens a request spends on tool definitions, and how sure the figure is. */
export type ToolTokenCount = {
  /** The model spec counted for. */
  readonly model: string
  /** How the model's prompt is built (for measured figures: the family the spec belongs to). */
  readonly family: ToolTokenFamily
  /** The whole prompt: messages + tool definitions + tool_choice, as the provider counts it. */
  readonly promptTokens: number
  /** promptTokens minus the same request without tools and without tool_choice (the difference method). */
  readonly toolTokens: number
  /** Leave-one-out marginal cost per tool, in request order (empty when `perTool: false`). */
  readonly perTool: readonly PerToolTokens[]
  /** What the tool machinery costs with no tool in it (wrapper text, injected system prompt, tool_choice). */
  readonly fixedOverhead: number
  /** The tokenizer: o200k_base, cl100k_base, o200k_harmony, `proxy:o200k_base` (Anthropic), or a tokenizer file. */
  readonly encoding: string
  readonly method: CountMethod
  /** Expected error bound of toolTokens and promptTokens, in tokens (0 = exact). */
  readonly confidence: number
  /**
   * Which counting rules were used, as `<family>: <detail>` (docs/tokens.md's accuracy table groups by the family),
   * e.g. `anthropic: Claude via openai-compatible`, `openai chat: reasoning models (gpt-5, o-series)`.
   */
  readonly rules?: string
  /** Where the rules and constants come from, in one line; for estimates also what would make the count exact. */
  readonly provenance: string
}

/** The conversation counted when none is given: one short user message, as in a single-turn case. */
export const defaultMessages: readonly Message[] = [{ role: 'user', content: 'What can you do for me?' }]
