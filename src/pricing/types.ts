/** USD per million tokens for one model. */
export type ModelPrice = {
  /** Uncached input tokens. */
  readonly input: number
  /** Output tokens, reasoning included. */
  readonly output: number
  /** Input tokens read from a prompt cache; missing means no discount (the input price). */
  readonly cachedInput?: number
  /** Input tokens written to a prompt cache (Anthropic's 5-minute write); missing means the input price. */
  readonly cacheWrite?: number
  /** Set on rows that came from the config file rather than the shipped table. */
  readonly origin?: 'config'
}

/** A dated set of model prices, keyed by model name (`gpt-4o`) or by full spec (`openai-compatible:qwen3:8b`). */
export type PriceTable = {
  /** The day the prices were checked, `yyyy-mm-dd`; reported next to every cost. */
  readonly date: string
  /** Where the prices come from. */
  readonly source: string
  /** Lower-case keys; a key with a `:` is a full model spec, otherwise a model name. */
  readonly models: Readonly<Record<string, ModelPrice>>
  /** What a request sent through a provider's batch API costs (`--batch`); absent: batched turns are priced as direct ones. */
  readonly batch?: BatchPrices
}

/**
 * The batch APIs' prices: each provider's batch rate as a share of its standard rate, applied to every column of a
 * row (input, cached input, cache write, output), with the day they were checked and where.
 */
export type BatchPrices = {
  readonly date: string
  readonly source: string
  /** By spec prefix (`openai`, `openai-responses`, `anthropic`, `google`): 0.5 is half the standard price. */
  readonly share: Readonly<Record<string, number>>
}
