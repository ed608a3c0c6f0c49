import type { EncodingName } from './encodings.ts'

/**
 * How toolgauge counts for a model spec:
 * - `openai-chat`: the `namespace functions` render + the model's BPE; `validated` when API oracles cover the model.
 * - `harmony`: gpt-oss, the official harmony render + o200k_harmony (exact).
 * - `anthropic`: dated fixed-overhead table + proxy count (estimate).
 * - `default`: anything else (`baseline`, `scripted:…`, `openai-compatible:…` without a tokenizer): the OpenAI
 *   render with o200k_base, a rough estimate with a wide stated error.
 */
export type ModelFamily =
  | { readonly family: 'openai-chat'; readonly model: string; readonly encoding: 'o200k_base' | 'cl100k_base'; readonly validated: boolean; readonly api: 'chat' | 'responses' }
  | { readonly family: 'harmony'; readonly model: string; readonly encoding: 'o200k_harmony' }
  | { readonly family: 'anthropic'; readonly model: string; readonly encoding: EncodingName }
  | { readonly family: 'default'; readonly model: string; readonly encoding: 'o200k_base' }

// cl100k_base: the gpt-4 / gpt-3.5 generation; every later OpenAI chat model uses o200k_base (gpt-tokenizer's
// default for unknown new models too).
const cl100kModels = /^(gpt-4(?!o|\.|-?5)(?:-|$)|gpt-4$|gpt-3\.5|gpt-35|text-embedding-(ada|3))/
// The Cookbook, hmarr and pamelafox oracles cover these models; others are an estimate (see docs/tokens.md).
const validatedModels = /^(gpt-3\.5-turbo|gpt-35-turbo|gpt-4(-\d{4}|-turbo.*|-32k.*)?|gpt-4o(-mini)?(-\d{4}-\d{2}-\d{2})?)$/

/** Resolves a toolgauge model spec (`openai:gpt-4o`, `anthropic:claude-sonnet-4-5`, `baseline`, …) to a family. */
export function modelFamily(spec: string): ModelFamily {
  const colon = spec.indexOf(':')
  const prefix = colon === -1 ? spec : spec.slice(0, colon)
  const model = colon === -1 ? '' : spec.slice(colon + 1)
  // A served gpt-oss speaks harmony whatever protocol fronts it (openai-compatible:openai/gpt-oss-120b, …).
  if (/gpt-oss/.test(model)) return { family: 'harmony', model, encoding: 'o200k_harmony' }
  if (prefix === 'openai' || prefix === 'openai-responses') {
    const encoding = cl100kModels.test(model) ? 'cl100k_base' : 'o200k_base'
    const api = prefix === 'openai' ? 'chat' : 'responses'
    return { family: 'openai-chat', model, encoding, validated: api === 'chat' && validatedModels.test(model), api }
  }
  if (prefix === 'anthropic') return { family: 'anthropic', model, encoding: 'o200k_base' }
  return { family: 'default', model, encoding: 'o200k_base' }
}
