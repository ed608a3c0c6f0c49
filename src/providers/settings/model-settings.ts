import type { JsonSchema } from '../../core/tool.ts'
import { isPlainObject } from '../../core/plain-object.ts'

/** Anthropic extended thinking: a token budget, adaptive (newer models), or off. */
export type ThinkingSetting =
  | { readonly type: 'enabled'; readonly budget_tokens: number }
  | { readonly type: 'adaptive' }
  | { readonly type: 'disabled' }

/**
 * Per-model request settings (config `models:` entries and `providers:`, `--set key=value`), in the wire names
 * users know. Each protocol maps the ones it has (docs/providers/index.md, "Model settings"); a setting the
 * protocol lacks is a usage error, never dropped silently.
 */
export type ModelSettings = {
  readonly temperature?: number
  readonly top_p?: number
  readonly seed?: number
  readonly max_tokens?: number
  /** OpenAI Chat Completions (and compatible servers): `minimal` | `low` | `medium` | `high` … */
  readonly reasoning_effort?: string
  /** OpenAI Responses: `{ effort, summary }`. */
  readonly reasoning?: { readonly effort?: string; readonly summary?: string }
  /** OpenAI gpt-5 family: `low` | `medium` | `high`. */
  readonly verbosity?: string
  /** Anthropic extended thinking. */
  readonly thinking?: ThinkingSetting
  /** Gemini: `{ thinking_budget, thinking_level, include_thoughts }`. */
  readonly thinking_config?: { readonly thinking_budget?: number; readonly thinking_level?: string; readonly include_thoughts?: boolean }
  /** OpenAI Responses: `true` keeps responses server-side and chains turns with `previous_response_id`. */
  readonly store?: boolean
  /**
   * `true`: the request streams (the SDK's streaming API; the turn assembled from its events by the SDK's own
   * accumulator) and the turn records when its first event, first tool-call event and last event arrived.
   */
  readonly stream?: boolean
  /**
   * `true`: the tool definitions (and the system prompt) are marked cacheable where the protocol allows it —
   * Anthropic `cache_control`, OpenAI `prompt_cache_key` per suite and tool set; Gemini caches implicitly and
   * the setting only reports what it read from its cache.
   */
  readonly cache_tools?: boolean
  /**
   * `true`: the model's requests go through its protocol's batch API (OpenAI Batch, Anthropic Message Batches,
   * Gemini batch mode), each round of the loop as one batch, at the batch price (core/batch.ts).
   */
  readonly batch?: boolean
  /** Merged into the request body last (escape hatch for fields toolgauge does not know). */
  readonly extra_body?: { readonly [key: string]: unknown }
  /** Extra request headers (e.g. `anthropic-beta`). */
  readonly extra_headers?: { readonly [name: string]: string }
}

/** JSON Schema of the settings, shared by the config file and `--set`, in documentation order. */
export const modelSettingsSchema: { readonly [K in keyof ModelSettings]-?: JsonSchema } = {
  temperature: { type: 'number', minimum: 0, maximum: 2 },
  top_p: { type: 'number', minimum: 0, maximum: 1 },
  seed: { type: 'integer' },
  max_tokens: { type: 'integer', minimum: 1 },
  reasoning_effort: { type: 'string', minLength: 1 },
  reasoning: {
    type: 'object',
    additionalProperties: false,
    properties: { effort: { type: 'string', minLength: 1 }, summary: { type: 'string', minLength: 1 } },
  },
  verbosity: { type: 'string', minLength: 1 },
  thinking: {
    oneOf: [
      { type: 'object', additionalProperties: false, required: ['type', 'budget_tokens'], properties: { type: { const: 'enabled' }, budget_tokens: { type: 'integer', minimum: 1 } } },
      { type: 'object', additionalProperties: false, required: ['type'], properties: { type: { enum: ['adaptive', 'disabled'] } } },
    ],
  },
  thinking_config: {
    type: 'object',
    additionalProperties: false,
    properties: {
      thinking_budget: { type: 'integer', minimum: -1 },
      thinking_level: { type: 'string', minLength: 1 },
      include_thoughts: { type: 'boolean' },
    },
  },
  store: { type: 'boolean' },
  stream: { type: 'boolean' },
  cache_tools: { type: 'boolean' },
  batch: { type: 'boolean' },
  extra_body: { type: 'object' },
  extra_headers: { type: 'object', additionalProperties: { type: 'string' } },
}

/** The setting names, in documentation order. */
export const settingNames = Object.keys(modelSettingsSchema) as readonly (keyof ModelSettings)[]

/** Settings layered: later ones win key by key; objects (`reasoning`, `extra_body` …) merge one level deep. */
export function mergeSettings(...layers: readonly (ModelSettings | undefined)[]): ModelSettings {
  const merged: Record<string, unknown> = {}
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value === undefined) continue
      const before = merged[key]
      const bothObjects = isPlainObject(before) && isPlainObject(value) && key !== 'thinking'
      merged[key] = bothObjects ? { ...before, ...value } : value
    }
  }
  return merged as ModelSettings
}

