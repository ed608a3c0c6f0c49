import type { JsonSchema } from '../core/tool.ts'
import { lintConfigSchema } from '../lint/lint-config.ts'
import { modelSettingsSchema } from '../providers/settings/model-settings.ts'

const gateFields = {
  min_accuracy: { type: 'number', minimum: 0, maximum: 1, description: 'Fail when accuracy is below this.' },
  max_hallucinated_tool_rate: { type: 'number', minimum: 0, maximum: 1, description: 'Fail when the hallucinated-tool rate is above this.' },
  max_hallucinated_param_rate: { type: 'number', minimum: 0, maximum: 1, description: 'Fail when the hallucinated-parameter rate is above this.' },
  max_tool_tokens: { type: 'number', minimum: 0, description: 'Fail when tool definitions cost more tokens per request than this.' },
} as const

const usdPerMillion = { type: 'number', minimum: 0, description: 'USD per million tokens.' } as const

/** The schema of toolgauge.config.{yaml,json,ts}: what `run` reads when flags do not say otherwise. */
export const configSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    models: {
      type: 'array',
      minItems: 1,
      items: {
        anyOf: [
          { type: 'string', minLength: 1 },
          {
            type: 'object',
            description: 'A model with a label (its name in every report), request settings and the suites it answers: the same model twice is two rows.',
            additionalProperties: false,
            properties: {
              model: { type: 'string', minLength: 1, description: 'The model spec (or give it as spec:).' },
              spec: { type: 'string', minLength: 1, description: 'Same as model.' },
              label: { type: 'string', minLength: 1 },
              suites: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 }, description: 'Suite names this model runs (default: every suite); a scripted: model need not script the others.' },
              ...modelSettingsSchema,
            },
          },
        ],
      },
    },
    suites: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    out: { type: 'string' },
    concurrency: { type: 'integer', minimum: 1 },
    repeat: { type: 'integer', minimum: 1 },
    filter: { type: 'string' },
    bail: { type: 'integer', minimum: 1, description: 'Stop starting cases after this many failed ones (like --bail).' },
    format: { type: 'array', items: { enum: ['json', 'junit', 'md', 'html'] } },
    base_url: { type: 'string', description: 'Host of the openai-compatible: models (like --base-url); other providers read their own env var.' },
    api_key_env: { type: 'string', description: 'Env var holding the key of the openai-compatible: models (like --api-key-env).' },
    retries: { type: 'integer', minimum: 0 },
    timeout: { type: 'number', exclusiveMinimum: 0, description: 'Per-request timeout in seconds.' },
    secrets: { type: 'array', items: { type: 'string' }, description: 'Extra strings redacted from cassettes, reports and logs.' },
    providers: {
      type: 'object',
      description: 'Settings per model spec (e.g. "openai-compatible:qwen3:8b"), over the general ones.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...modelSettingsSchema,
          base_url: { type: 'string', description: 'This model\'s host; its key goes there and nowhere else.' },
          baseUrl: { type: 'string', description: 'Same as base_url.' },
          api_key_env: { type: 'string', description: 'Name of the env var holding this model\'s API key.' },
          apiKeyEnv: { type: 'string', description: 'Same as api_key_env.' },
          max_concurrency: { type: 'integer', minimum: 1, description: 'Requests in flight at once for this model.' },
          requests_per_minute: { type: 'number', exclusiveMinimum: 0 },
          retries: { type: 'integer', minimum: 0 },
          timeout: { type: 'number', exclusiveMinimum: 0 },
        },
      },
    },
    lint: lintConfigSchema,
    variants: {
      type: 'object',
      description: 'Tool-description variants for every suite: name → tools file or patch, relative to this file (--variant wins).',
      propertyNames: { pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' },
      additionalProperties: { type: 'string', minLength: 1 },
    },
    prices: {
      type: 'object',
      description: 'Price overrides, USD per million tokens, by model (see docs/pricing.md).',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['input', 'output'],
        properties: {
          input: usdPerMillion,
          output: usdPerMillion,
          cached_input: usdPerMillion,
          cache_write: usdPerMillion,
        },
      },
    },
    gates: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...gateFields,
        models: {
          type: 'object',
          description: 'Gates for one model, by model spec; they replace the general ones of the same name.',
          additionalProperties: { type: 'object', additionalProperties: false, properties: gateFields },
        },
      },
    },
  },
}
