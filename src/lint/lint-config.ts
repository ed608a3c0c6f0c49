import type { JsonSchema } from '../core/tool.ts'
import type { LintOptions } from './lint-tools.ts'
import { lintRuleIds, type LintRuleId, type LintSeverity } from './types.ts'

/** The `lint:` section of toolgauge.config.{yaml,json,ts} (snake_case keys, like the rest of the file). */
export type LintConfig = {
  readonly rules?: { readonly [rule: string]: LintSeverity }
  readonly min_description_words?: number
  readonly similarity_threshold?: number
  readonly related_threshold?: number
  readonly max_tool_tokens?: number
  readonly max_tools?: number
  readonly model?: string
}

/** JSON Schema of the `lint:` section: rule ids are checked, so a typo is exit 2 naming the line. */
export const lintConfigSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'toolgauge lint-tools settings (docs/lint-tools.md).',
  properties: {
    rules: {
      type: 'object',
      description: 'Severity per rule id: error (exit 1), warning, or off.',
      // Each rule id a declared property, not `propertyNames`: a misspelt id is then an unknown field at its own
      // line with a did-you-mean, where ajv's propertyNames error points at `rules:` and names no key.
      additionalProperties: false,
      properties: Object.fromEntries(lintRuleIds.map((id) => [id, { enum: ['error', 'warning', 'off'] }])),
    },
    min_description_words: { type: 'integer', minimum: 1, description: 'short-description: fewer words than this (default 8).' },
    similarity_threshold: { type: 'number', minimum: 0, maximum: 1, description: 'similar-descriptions: TF-IDF cosine at or above this (default 0.5).' },
    related_threshold: { type: 'number', minimum: 0, maximum: 1, description: 'no-usage-guidance: a sibling at or above this similarity needs guidance (default 0.3).' },
    max_tool_tokens: { type: 'integer', minimum: 1, description: 'heavy-tool: tokens one tool may cost (default 500).' },
    max_tools: { type: 'integer', minimum: 1, description: 'too-many-tools: tools a set may hold (default 20).' },
    model: { type: 'string', minLength: 1, description: 'heavy-tool: model spec whose token counter prices a tool (default openai:gpt-4o).' },
  },
}

/** LintOptions from a config's `lint:` section (already validated against lintConfigSchema). */
export function lintOptionsFromConfig(config: LintConfig | undefined): LintOptions {
  if (!config) return {}
  return {
    ...(config.rules ? { severities: config.rules as Partial<Record<LintRuleId, LintSeverity>> } : {}),
    ...(config.min_description_words !== undefined ? { minDescriptionWords: config.min_description_words } : {}),
    ...(config.similarity_threshold !== undefined ? { similarityThreshold: config.similarity_threshold } : {}),
    ...(config.related_threshold !== undefined ? { relatedThreshold: config.related_threshold } : {}),
    ...(config.max_tool_tokens !== undefined ? { maxToolTokens: config.max_tool_tokens } : {}),
    ...(config.max_tools !== undefined ? { maxTools: config.max_tools } : {}),
    ...(config.model !== undefined ? { model: config.model } : {}),
  }
}
