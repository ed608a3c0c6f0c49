import type { ToolDefinition } from '../../src/core/tool.ts'

/**
 * Hand-written tool schemas covering every keyword the mapper handles, so the mapper's property test means something
 * without ../shared: types and type lists, nullable, enum/const, bounds, multipleOf, lengths, pattern, formats,
 * arrays (tuple, unique, contains), nested and open/closed objects, oneOf/anyOf/allOf/not/if, $ref/$defs (recursive).
 */
export const corpus: readonly ToolDefinition[] = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, maxLength: 40 },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
        date: { type: 'string', format: 'date' },
        include_hourly: { type: 'boolean' },
      },
      required: ['city', 'days', 'units'],
      additionalProperties: false,
    },
  },
  {
    name: 'formats',
    parameters: {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        time: { type: 'string', format: 'time' },
        email: { type: 'string', format: 'email' },
        uri: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        v4: { type: 'string', format: 'ipv4' },
        v6: { type: 'string', format: 'ipv6' },
        host: { type: 'string', format: 'hostname' },
      },
      required: ['at', 'time', 'email', 'uri', 'id', 'v4', 'v6'],
      additionalProperties: false,
    },
  },
  {
    name: 'numbers',
    parameters: {
      type: 'object',
      properties: {
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        step: { type: 'number', multipleOf: 0.25, minimum: -10, maximum: 10 },
        even: { type: 'integer', multipleOf: 2 },
        maybe: { type: ['number', 'null'] },
        legacy: { type: 'string', nullable: true },
        fixed: { const: 'v1' },
        level: { enum: [1, 'two', null, true] },
      },
      required: ['ratio', 'step', 'even', 'maybe', 'fixed', 'level'],
    },
  },
  {
    name: 'search_issues',
    parameters: {
      type: 'object',
      properties: {
        repo: { type: 'string', pattern: '^[a-z0-9-]+/[a-z0-9_.-]+$', maxLength: 60 },
        labels: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 12 }, uniqueItems: true, minItems: 1, maxItems: 4 },
        point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false, minItems: 2 },
        tags: { type: 'array', items: { type: 'integer' }, contains: { const: 7 } },
        filters: {
          type: 'object',
          properties: { state: { enum: ['open', 'closed'] }, since: { type: 'string', format: 'date' } },
          additionalProperties: { type: 'string', maxLength: 5 },
        },
        meta: { type: 'object', patternProperties: { '^x-[a-z]+$': { type: 'integer' } }, additionalProperties: false },
      },
      required: ['repo', 'labels'],
      additionalProperties: false,
    },
  },
  {
    name: 'combinators',
    parameters: {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { user_id: { type: 'integer' } }, required: ['user_id'], additionalProperties: false },
            { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'], additionalProperties: false },
          ],
        },
        amount: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^\\d+(\\.\\d{2})?$' }] },
        label: { allOf: [{ type: 'string', minLength: 2 }, { maxLength: 6 }] },
        code: { type: 'string', not: { enum: ['root', 'admin'] } },
        mode: { type: 'string', enum: ['a', 'b'] },
        size: { type: 'integer', if: { minimum: 10 }, then: { multipleOf: 10 }, else: { maximum: 5 } },
      },
      required: ['target', 'amount', 'label', 'code', 'size'],
      anyOf: [{ required: ['mode'] }, { properties: { code: { minLength: 3 } } }],
    },
  },
  {
    name: 'tree',
    parameters: {
      $defs: {
        node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' }, maxItems: 3 } },
          required: ['name'],
          additionalProperties: false,
        },
        color: { type: 'string', enum: ['red', 'green'] },
      },
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' }, color: { $ref: '#/$defs/color' } },
      required: ['root', 'color'],
      additionalProperties: false,
    },
  },
  {
    name: 'draft2020',
    parameters: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        ids: { type: 'array', items: { $ref: '#/$defs/id' }, minItems: 1 },
      },
      required: ['pair', 'ids'],
      $defs: { id: { type: 'string', format: 'uuid' } },
    },
  },
  { name: 'no_arguments', parameters: { type: 'object', properties: {}, additionalProperties: false } },
  { name: 'open_object', parameters: { type: 'object' } },
]
