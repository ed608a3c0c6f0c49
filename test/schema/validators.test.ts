import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { compileSchema, schemaProblems, validateWith } from '../../src/schema/ajv.ts'

describe('argument validators', () => {
  let home: string
  const saved = process.env.XDG_CACHE_HOME
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'toolgauge-validators-'))
    process.env.XDG_CACHE_HOME = home
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME
    else process.env.XDG_CACHE_HOME = saved
    rmSync(home, { recursive: true, force: true })
  })

  it('are compiled once per distinct schema in the process, and never stored in the user cache', () => {
    const schema: JsonSchema = { type: 'object', properties: { when: { type: 'string', format: 'date-time' } }, required: ['when'], additionalProperties: false }
    expect(schemaProblems(schema)).toEqual([])
    const validate = compileSchema(schema)
    expect(compileSchema(structuredClone(schema))).toBe(validate)
    expect(compileSchema({ ...schema, required: [] })).not.toBe(validate)
    expect(validateWith(validate, { when: '2026-11-30T10:00:00Z' })).toEqual([])
    expect(validateWith(validate, { when: 'noon' }).map((error) => error.keyword)).toEqual(['format'])
    expect(existsSync(join(home, 'toolgauge'))).toBe(false)
  })

  it('report an invalid schema with its problems', () => {
    expect(schemaProblems({ type: 'object', properties: { n: { type: 'integr' } } }).join(' ')).toMatch(/type/)
  })
})
