import { splitSpec } from '../pricing/lookup.ts'
import { chatGpt4, chatReasoning, responsesGpt4, responsesReasoning, type OpenAiCalibration } from './calibration-2026-11.ts'

/**
 * How toolgauge counts for a model spec:
 * - `openai-chat`: the `namespace functions` render + the model's BPE + the generation × API's fitted constants.
 * - `harmony`: gpt-oss, the official harmony render + o200k_harmony.
 * - `anthropic`: dated fixed-overhead table + proxy count + fitted framing (estimate).
 * - `default`: anything else (`baseline`, `scripted:…`, `openai-compatible:…` of an unknown vendor without a
 *   tokenizer): the OpenAI render with o200k_base, an estimate with a wide stated error.
 * A model behind an OpenAI-compatible host whose vendor family is known (Claude, OpenAI's own models, gpt-oss) is
 * counted with that family's rules; `via` then names the host protocol.
 */
export type ModelFamily =
  | {
    readonly family: 'openai-chat'
    readonly model: string
    readonly encoding: 'o200k_base' | 'cl100k_base'
    readonly api: 'chat' | 'responses'
    readonly calibration: OpenAiCalibration
    /** False for a model of no generation the calibration covers (`gpt-6`, …): counted as an estimate. */
    readonly calibrated: boolean
    readonly via?: string
  }
  | { readonly family: 'harmony'; readonly model: string; readonly encoding: 'o200k_harmony'; readonly via?: string }
  | { readonly family: 'anthropic'; readonly model: string; readonly encoding: 'o200k_base'; readonly via?: string; readonly thinking?: boolean }
  | { readonly family: 'default'; readonly model: string; readonly encoding: 'o200k_base'; readonly vendor: string }

// cl100k_base: the gpt-4 / gpt-3.5 generation; every later OpenAI chat model uses o200k_base (gpt-tokenizer's
// default for unknown new models too).
const cl100kModels = /^(gpt-4(?!o|\.|-?5)(?:-|$)|gpt-4$|gpt-3\.5|gpt-35|text-embedding-(ada|3))/
// Reasoning models: a different hidden preamble and priming (calibration-2026-11.ts).
const reasoningModels = /^(gpt-5|o\d)/
// The generations recorded usage covers; a newer one may change the hidden framing again (gpt-5 added ~80).
const calibratedModels = /^(gpt-3\.5|gpt-35|gpt-4|chatgpt-4o|gpt-5|o\d)/
// OpenAI's own models as other hosts name them: `openai/gpt-5-mini` (OpenRouter), `openai-gpt-4.1` (Snowflake).
const openAiHosted = /^(?:openai[/.-])?((?:gpt-(?:3\.5|35|4|5)|o\d)[\w.:-]*)$/
const claudeHosted = /claude/i

/** Resolves a toolgauge model spec (`openai:gpt-4o`, `anthropic:claude-sonnet-4-5`, `baseline`, …) to a family. */
export function modelFamily(spec: string): ModelFamily {
  const { provider: prefix, model } = splitSpec(spec)
  // A served gpt-oss speaks harmony whatever protocol fronts it (openai-compatible:openai/gpt-oss-120b, …).
  if (/gpt-oss/.test(model)) return { family: 'harmony', model, encoding: 'o200k_harmony', ...(prefix === 'openai-compatible' ? { via: prefix } : {}) }
  if (prefix === 'openai' || prefix === 'openai-responses') return openAiFamily(model, prefix === 'openai' ? 'chat' : 'responses')
  if (prefix === 'anthropic') return { family: 'anthropic', model, encoding: 'o200k_base' }
  if (prefix === 'openai-compatible') {
    // OpenRouter's `:thinking` variants turn extended thinking on, which adds prompt text.
    if (claudeHosted.test(model)) return { family: 'anthropic', model: claudeModelId(model), encoding: 'o200k_base', via: prefix, ...(model.endsWith(':thinking') ? { thinking: true } : {}) }
    const openAi = openAiHosted.exec(model)
    if (openAi?.[1]) return { ...openAiFamily(openAi[1], 'chat'), via: prefix }
  }
  return { family: 'default', model, encoding: 'o200k_base', vendor: vendorOf(model) }
}

function openAiFamily(model: string, api: 'chat' | 'responses'): ModelFamily & { family: 'openai-chat' } {
  const encoding = cl100kModels.test(model) ? 'cl100k_base' : 'o200k_base'
  const reasoning = reasoningModels.test(model)
  const calibrated = calibratedModels.test(model)
  // An unknown (likely newer) model gets the latest generation's rules.
  const latest = reasoning || !calibrated
  const calibration = api === 'chat' ? (latest ? chatReasoning : chatGpt4) : latest ? responsesReasoning : responsesGpt4
  return { family: 'openai-chat', model, encoding, api, calibration, calibrated }
}

/**
 * Claude's id as Anthropic spells it, from a host's name for it: `anthropic/claude-4.5-sonnet-20250929`,
 * `anthropic/claude-sonnet-4.5`, `claude-3.7-sonnet:thinking` → `claude-sonnet-4-5-20250929`, … so the dated
 * overhead table finds its row.
 */
export function claudeModelId(hosted: string): string {
  const bare = hosted.replace(/^.*\//, '').replace(/:.*$/, '').replace(/\./g, '-').toLowerCase()
  const reordered = /^claude-(\d(?:-\d)?)-(opus|sonnet|haiku)(.*)$/.exec(bare)
  return reordered ? `claude-${reordered[2]}-${reordered[1]}${reordered[3]}` : bare
}

/** The vendor a hosted open model belongs to, for the estimate's provenance (`llama`, `qwen`, `mistral`, …). */
function vendorOf(model: string): string {
  const known = /(llama|qwen|mistral|ministral|pixtral|deepseek|glm|gemini|gemma|kimi|phi)/i.exec(model)
  return known?.[1]?.toLowerCase() ?? 'unknown'
}
