// Dated data: Anthropic's published tool-use system-prompt overhead per model, in tokens, for tool_choice
// `auto`/`none` and `any`/`tool`. Anthropic changed these numbers between documentation versions, so both
// snapshots are kept with their sources; the estimator prefers the later one and states the disagreement as error.
// Recorded 2026-11-29 from the project's shared reference (reference/token-counting.md §5.1), which cites:

/** Where and when a snapshot of the overhead table was taken. */
export type OverheadSnapshot = {
  readonly id: 'A' | 'B'
  readonly source: string
  readonly recorded: string
  /** Model-name pattern (matched against the model id) → [auto/none, any/tool] tokens. First match wins. */
  readonly rows: readonly { readonly model: RegExp; readonly label: string; readonly auto: number; readonly any: number }[]
}

/** Snapshot A: Claude Opus 4.5-era tool-use overview (the AWS Bedrock Claude parameters page agrees). */
export const snapshotA: OverheadSnapshot = {
  id: 'A',
  source: 'docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview (Opus 4.5-era version); docs.anthropic.com/en/docs/tool-use-pricing-and-tokens (Claude 3 launch)',
  recorded: '2026-11-29',
  rows: [
    { model: /opus-4-5|opus-4-1|opus-4-0|sonnet-4-0|opus-4(?!-\d(?!\d))|sonnet-4-5|sonnet-4(?!-\d(?!\d))|3-7-sonnet|sonnet-3-7|haiku-4-5|3-5-sonnet-20241022|sonnet-3-5-20241022/, label: 'Opus 4.5/4.1/4, Sonnet 4.5/4/3.7, Haiku 4.5, Sonnet 3.5 (Oct)', auto: 346, any: 313 },
    { model: /3-5-sonnet|sonnet-3-5/, label: 'Sonnet 3.5 (June)', auto: 294, any: 261 },
    { model: /3-5-haiku|haiku-3-5/, label: 'Haiku 3.5', auto: 264, any: 340 },
    { model: /3-opus|opus-3/, label: 'Opus 3', auto: 530, any: 281 },
    { model: /3-sonnet|sonnet-3/, label: 'Sonnet 3', auto: 159, any: 235 },
    { model: /3-haiku|haiku-3/, label: 'Haiku 3', auto: 264, any: 340 },
  ],
}

/** Snapshot B: platform.claude.com tool-use overview, a later version of the same page. */
export const snapshotB: OverheadSnapshot = {
  id: 'B',
  source: 'platform.claude.com/docs/en/agents-and-tools/tool-use/overview (later version)',
  recorded: '2026-11-29',
  rows: [
    { model: /opus-4-8/, label: 'Opus 4.8', auto: 290, any: 410 },
    { model: /opus-4-7/, label: 'Opus 4.7', auto: 675, any: 804 },
    { model: /opus-4-6|sonnet-4-6/, label: 'Opus 4.6, Sonnet 4.6', auto: 497, any: 589 },
    { model: /opus-4-5|sonnet-4-5|haiku-4-5/, label: 'Opus 4.5, Sonnet 4.5, Haiku 4.5', auto: 496, any: 588 },
    { model: /opus-4-1|opus-4-0|sonnet-4-0|opus-4(?!-\d(?!\d))|sonnet-4(?!-\d(?!\d))/, label: 'Opus 4.1, Opus 4, Sonnet 4', auto: 313, any: 315 },
    { model: /sonnet-5/, label: 'Sonnet 5', auto: 354, any: 474 },
    { model: /3-5-haiku|haiku-3-5/, label: 'Haiku 3.5', auto: 264, any: 355 },
  ],
}

/**
 * Models whose tokenizer produces more tokens for the same text than the Claude 3–4.6 one: the docs say the
 * tokenizer introduced with Opus 4.7 yields "roughly 30% more tokens".
 */
export const newTokenizerModels = /opus-4-7|opus-4-8|sonnet-5/
