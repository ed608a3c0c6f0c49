import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { validateAgainst } from '../../src/schema/ajv.ts'
import { suiteValidatorCode } from '../../src/schema/suite-validator-code.ts'
import { hashText } from '../../src/core/hash-text.ts'
import { suiteSchemaPath } from '../../src/schema/validate-document.ts'
import type { JsonSchema } from '../../src/core/tool.ts'

const text = readFileSync(suiteSchemaPath, 'utf8')

/** Loads generated CommonJS code the way Node would, with a require that finds ajv's runtime helpers. */
function load(code: string): ((value: unknown) => boolean) & { errors?: unknown; schemaHash?: string } {
  const module = { exports: {} as never }
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url))
  return module.exports
}

const documents: unknown[] = [
  { name: 'ok', cases: [{ id: 'a', prompt: 'hi', expect: { calls: [{ name: 'f', args: { x: 1 } }] } }] },
  { name: 'x', cases: [{ id: 'a', prompt: 'hi', expectt: {} }] },
  { name: '', cases: [] },
  { cases: [{ id: 'a' }] },
  { name: 'x', tools: 3, cases: [{ id: 'a', messages: [{ role: 'robot' }], tool_choice: { nam: 'f' } }] },
  { name: 'x', max_tool_tokens: 'many', stubs: { f: 'nope' }, cases: [{ id: 'a', prompt: 'hi', max_turns: 0, expect: { final: { contains: 3 } } }] },
  'not an object',
]

describe('the suite validator compiled at build time', () => {
  // Exactly: the run's validators are not verbose either (each would be a fifth bigger to compile, for what only the
  // loop's key errors read after a `not` failed: schema/ajv.ts validateVerbosely).
  it('gives exactly the errors of the validator compiled at run time', () => {
    const generated = load(suiteValidatorCode(text))
    const schema = JSON.parse(text) as JsonSchema
    for (const document of documents) {
      const errors = generated(document) ? [] : generated.errors
      expect(errors, JSON.stringify(document)).toEqual(validateAgainst(schema, document))
    }
  })

  it('carries the hash of the schema text it was made from, so a changed schema is compiled afresh', () => {
    expect(load(suiteValidatorCode(text)).schemaHash).toBe(hashText(text))
    expect(hashText(`${text} `)).not.toBe(hashText(text))
  })
})
