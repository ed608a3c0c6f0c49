import type { BatchPrices, ModelPrice, PriceTable } from './types.ts'

/** The day the shipped prices were checked. */
export const priceTableDate = '2026-11-29'

/** Where the shipped prices come from, and how sure we are of them. */
export const priceTableSource =
  'OpenAI: developers.openai.com/api/docs/pricing and model pages; Anthropic: platform.claude.com/docs/en/about-claude/pricing; ' +
  'Gemini: ai.google.dev/gemini-api/docs/pricing (prompts up to 200k tokens). ' +
  'Standard (non-batch, non-priority) rates in USD per million tokens; see src/pricing/price-table-2026-11.ts for which rows were confirmed.'

// Rows marked "confirmed" were read off the provider's own page (model page or pricing table) on the table date.
// Rows marked "best knowledge" are the list prices as last known; third-party price lists agreed where checked,
// but the official page was not available to confirm them. Override any row in toolgauge.config.yaml (`prices:`).

// Anthropic bills prompt-cache reads at 0.1x and 5-minute writes at 1.25x the base input price; rows that only had
// input/output confirmed use those documented multipliers for the cache columns.
const claude = (input: number, output: number): ModelPrice => ({
  input,
  output,
  cachedInput: round(input * 0.1),
  cacheWrite: round(input * 1.25),
})

// Keeps derived prices free of binary noise (0.30000000000000004) so tables and tests read cleanly.
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

const openai: Readonly<Record<string, ModelPrice>> = {
  // confirmed: developers.openai.com/api/docs/models/gpt-5-nano
  'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
  // best knowledge (GitHub's Copilot price table agrees for gpt-5-mini)
  'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
  // best knowledge (GitHub's Copilot price table agrees for gpt-4.1); one third-party page claiming $1/$4 was
  // contradicted by every other source and ignored
  'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
  'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  // best knowledge
  'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
  // the first gpt-4o snapshot kept its launch price and has no cache discount (best knowledge)
  'gpt-4o-2024-05-13': { input: 5, output: 15 },
  'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
  // o3 after the June 2025 price cut (best knowledge)
  o3: { input: 2, cachedInput: 0.5, output: 8 },
  'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
  'o3-mini': { input: 1.1, cachedInput: 0.55, output: 4.4 },
  o1: { input: 15, cachedInput: 7.5, output: 60 },
  // confirmed: developers.openai.com/api/docs/models/gpt-4 (no prompt caching)
  'gpt-4': { input: 30, output: 60 },
}

const anthropic: Readonly<Record<string, ModelPrice>> = {
  // confirmed, all four columns: platform.claude.com pricing table
  'claude-opus-5': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4-8': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4-7': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4-6': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4-5': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4-1': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
  // confirmed: platform.claude.com/docs/en/models/sonnet-5/overview (input, output, 5m write, cache read)
  'claude-sonnet-5': { input: 2, cachedInput: 0.2, cacheWrite: 2.5, output: 10 },
  // input confirmed on the pricing table, other columns best knowledge
  'claude-opus-4': claude(15, 75),
  'claude-opus-4-0': claude(15, 75),
  // input/output confirmed (model overview page), cache columns from the documented multipliers
  'claude-haiku-4-5': claude(1, 5),
  // best knowledge
  'claude-sonnet-4-6': claude(3, 15),
  'claude-sonnet-4-5': claude(3, 15),
  'claude-sonnet-4': claude(3, 15),
  'claude-sonnet-4-0': claude(3, 15),
  'claude-3-7-sonnet': claude(3, 15),
  'claude-3-5-haiku': claude(0.8, 4),
  'claude-3-haiku': { input: 0.25, cachedInput: 0.03, cacheWrite: 0.3, output: 1.25 },
}

// Gemini API (paid tier) rates for prompts up to 200k tokens: the pro models charge more above that, which the table
// does not model (a tool-calling case's prompt is far below it). "Cached input" is the context-caching price, which
// implicit cache hits are billed at (90% off on the 2.5 and 3 models); storage per hour is not a token price and is not
// modelled. All rows best knowledge: ai.google.dev/gemini-api/docs/pricing could not be read here; third-party price
// lists (January–June 2026) agreed on input and output.
const gemini: Readonly<Record<string, ModelPrice>> = {
  'gemini-3-pro-preview': { input: 2, cachedInput: 0.2, output: 12 },
  'gemini-2.5-pro': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gemini-2.5-flash': { input: 0.3, cachedInput: 0.03, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, cachedInput: 0.01, output: 0.4 },
  'gemini-2.0-flash': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  'gemini-2.0-flash-lite': { input: 0.075, output: 0.3 },
}

/**
 * The batch APIs' prices (`--batch`), checked on their own date. Each provider publishes its batch rate as half its
 * standard rate on every token column, the prompt-cache columns included:
 * - OpenAI Batch API: "a 50% cost discount compared to synchronous APIs" (developers.openai.com/api/docs/guides/batch;
 *   the pricing page's Batch tier lists input, cached input and output at half the Standard tier).
 * - Anthropic Message Batches: "cutting costs by 50%" (platform.claude.com/docs/en/build-with-claude/batch-processing);
 *   the pricing page's batch table is half of input and output, and the prompt-caching multipliers (0.1x read,
 *   1.25x 5-minute write) stack on the batch rate (platform.claude.com/docs/en/about-claude/pricing).
 * - Gemini batch mode: "priced at 50% less than the standard rate for a given model" (developers.googleblog.com, "Batch
 *   Mode in the Gemini API", 2025-07-07; ai.google.dev/gemini-api/docs/batch-mode); a config `prices:` row for a google: model gets the share too.
 */
export const batchPrices: BatchPrices = {
  date: '2026-12-01',
  source:
    'OpenAI: developers.openai.com/api/docs/guides/batch; Anthropic: platform.claude.com/docs/en/build-with-claude/batch-processing; ' +
    'Gemini: ai.google.dev/gemini-api/docs/batch-mode. Each batch API is 50% of the standard rate on every column, cached input included.',
  share: { openai: 0.5, 'openai-responses': 0.5, anthropic: 0.5, google: 0.5 },
}

/** The price table that ships with toolgauge, checked on {@link priceTableDate} (batch prices on their own date). */
export const priceTable202611: PriceTable = {
  date: priceTableDate,
  source: priceTableSource,
  models: { ...openai, ...anthropic, ...gemini },
  batch: batchPrices,
}
