import { describe, expect, it } from 'vitest'
import type { JsonSchema, ToolDefinition } from '../../src/core/tool.ts'
import { makeCase, runScripted, turn } from '../helpers/cases.ts'

const draft2020 = 'https://json-schema.org/draft/2020-12/schema'

/** The failures (kind and path) of one scored call of a `file` tool with these parameters. */
async function failuresOf(parameters: JsonSchema, args: string) {
  const tools: ToolDefinition[] = [{ name: 'file', parameters }]
  const { score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'file' }] } }), [turn('', ['file', args]), turn('Done.')])
  return score.failures.map(({ kind, path, message }) => ({ kind, path, message }))
}

describe('a failure under a key holding "/" or "~" names the key itself, not its JSON Pointer escape', () => {
  const entry: JsonSchema = { type: 'object', properties: { size: { type: 'integer' } }, required: ['size'] }
  const parameters: JsonSchema = { type: 'object', properties: { 'docs/a.md': entry, '~tmp': entry } }

  it('schema_violation and missing_required (they read docs~1a.md and ~0tmp)', async () => {
    expect(await failuresOf(parameters, '{"docs/a.md": {"size": "big"}, "~tmp": {}}')).toEqual([
      { kind: 'schema_violation', path: 'turns[0].calls[0].arguments.docs/a.md.size', message: expect.any(String) },
      { kind: 'missing_required', path: 'turns[0].calls[0].arguments.~tmp.size', message: expect.any(String) },
    ])
  })

  it('a key the loop rejected under a rule the schema walk does not follow (it read docs~1a.md.mode)', async () => {
    const closedIfSize: JsonSchema = { type: 'object', dependentSchemas: { size: { properties: { size: {} }, additionalProperties: false } } }
    const failures = await failuresOf({ $schema: draft2020, type: 'object', properties: { 'docs/a.md': closedIfSize } }, '{"docs/a.md": {"size": 1, "mode": "rw"}}')
    expect(failures).toEqual([{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.docs/a.md.mode', message: 'file: argument "docs/a.md.mode" is not defined by the tool\'s schema' }])
  })
})
