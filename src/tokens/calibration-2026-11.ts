// Dated data: the fixed framing costs of each model family × API that no public renderer documents, fitted on
// real API-reported input tokens (../shared/data/token-oracles/recorded_usage.jsonl: 179 requests recorded
// 2025-09 … 2026-08 from pydantic/pydantic-ai cassettes) on 2026-11-30. Each entry says what it was fitted on.
// Providers change their hidden prompts: re-fit with `npm run tokens:accuracy` when a family drifts.

/** When the constants below were fitted, and on what. */
export const calibrationDate = '2026-11-30'

/** An error bound: `base` tokens plus `share` of the prompt's own count (tokenizer mismatch grows with text). */
export type Bound = { readonly base: number; readonly share: number }

/** Fixed costs of OpenAI's chat formatting for one model generation × API, on top of the rendered tool block. */
export type OpenAiCalibration = {
  /** Which rules, as `<family>: <detail>` (the accuracy table groups by family): `openai chat: gpt-4o generation`, … */
  readonly label: string
  /** Tokens after the last message (the assistant turn's header). */
  readonly priming: number
  /** Added once when ≥ 1 tool is present, besides the rendered `namespace functions` block. */
  readonly toolsPreamble: number
  /** Subtracted when tools are present and a system message exists (the tool text reuses its header). */
  readonly systemReuse: number
  /** tool_choice costs; `named` is added to the tool name's own tokens. */
  readonly choice: { readonly none: number; readonly required: number; readonly named: number }
  /** Extra framing per tool call in the history, besides name + arguments + 3. */
  readonly perToolCall: number
  /** The stated confidence: covers ≥ 95% of the calibration requests of this family (see docs/tokens.md). */
  readonly bound: Bound
  /** What was fitted on what. */
  readonly evidence: string
}

/**
 * gpt-3.5 / gpt-4 / gpt-4o / gpt-4.1 on Chat Completions: hmarr's and pamelafox's constants (API-validated on
 * gpt-3.5, exact on the Cookbook's gpt-4o case) hold on recorded gpt-4o/4o-mini/4.1-mini traffic.
 */
export const chatGpt4: OpenAiCalibration = {
  label: 'openai chat: gpt-4o generation',
  priming: 3,
  toolsPreamble: 9,
  systemReuse: 4,
  choice: { none: 1, required: 1, named: 7 },
  perToolCall: 0,
  // +2% for multi-line descriptions and strict schemas, whose render is not pinned down (+5…+6 on 3 such tools).
  bound: { base: 6, share: 0.02 },
  evidence: '14 recorded gpt-4o/4o-mini/4.1-mini requests (9 with tools): errors −2…+6 with the rules; hmarr 36/36, Cookbook 4/4',
}

/**
 * Reasoning models (gpt-5 family, o-series) on Chat Completions: a tool preamble of ~80 more tokens than gpt-4o
 * (constant over 1–3 tools), a cheaper named tool_choice, one token less priming, +7 per tool call in history.
 */
export const chatReasoning: OpenAiCalibration = {
  label: 'openai chat: reasoning models (gpt-5, o-series)',
  priming: 2,
  toolsPreamble: 9 + 80,
  systemReuse: 4,
  // Named −70 vs auto −80, none/required −78 (issue 17's full recording) relative to the gpt-4o rules.
  choice: { none: -1, required: -1, named: -3 },
  perToolCall: 7,
  bound: { base: 6, share: 0.02 },
  evidence: '14 recorded gpt-5/gpt-5-mini/o3-mini requests (6 with tools): auto −80 constant over 1–3 tools, named −70, +7 per call in history; messages-only +1',
}

/** gpt-4o / gpt-4.1 on the Responses API: a smaller tool preamble and no system-reuse discount. */
export const responsesGpt4: OpenAiCalibration = {
  label: 'openai responses: gpt-4o generation',
  priming: 3,
  toolsPreamble: 3,
  systemReuse: 0,
  choice: { none: 1, required: 1, named: 7 },
  perToolCall: 0,
  bound: { base: 6, share: 0.02 },
  evidence: '15 recorded gpt-4o/4.1 Responses requests (7 with tools): tools 6 cheaper than on chat, no developer −4 discount',
}

/**
 * Reasoning models on the Responses API: the chat tool preamble (no extra ~80), no tool_choice costs, no system
 * reuse, one token less priming, ~+8 per tool call in history.
 */
export const responsesReasoning: OpenAiCalibration = {
  label: 'openai responses: reasoning models (gpt-5, o-series)',
  priming: 2,
  toolsPreamble: 8,
  systemReuse: 0,
  choice: { none: 0, required: 0, named: 0 },
  perToolCall: 8,
  bound: { base: 8, share: 0.02 },
  evidence: '34 recorded gpt-5.x/o3-mini Responses requests (20 with tools): tools +1 over chat render + 8, tool_choice free, +8 per call in history (−8…+3 around it)',
}

/** Fixed costs of the Anthropic Messages estimate (the tool-use system prompt itself is in the dated overhead table). */
export const anthropicCalibration = {
  /** Once per request: the conversation's framing (single-message requests counted 4 short). */
  conversation: 4,
  /** Per user/assistant/tool message. */
  perMessage: 3,
  /** Per tool_use block in history, besides name + input: Claude's call framing. */
  perToolUse: 12,
  /** Per top-level key of a tool_use input (each is framed as its own parameter). */
  perToolUseArgument: 23,
  /** Per tool_result block, besides its content. */
  perToolResult: 12,
  /** Prompt text added when extended thinking is on (not with a forced tool choice; not on models after Opus 4.7). */
  thinking: 33,
  bound: { base: 20, share: 0.1 } satisfies Bound,
  evidence: '34 recorded Claude 4.x requests (16 with tools) + 17 Claude requests through OpenAI-compatible hosts: one round trip ≈ 47 tokens of framing with one argument, ≈ 70 with two; thinking +30…+41',
} as const
