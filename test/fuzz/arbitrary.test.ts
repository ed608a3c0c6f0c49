import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { schemaArbitrary } from '../../src/fuzz/arbitrary.ts'
import { schemaContradictions } from '../../src/fuzz/contradictions.ts'
import { validArguments } from '../../src/fuzz/inputs.ts'
import { validateAgainst } from '../../src/schema/ajv.ts'
import { loadToolsFile } from '../../src/suite/load-tools.ts'
import { hasSharedData, projectRoot, sharedData, sharedTitle } from '../helpers/shared-data.ts'
import { corpus } from './corpus.ts'

/** The mapper's own property: every sample it generates is valid under the strict oracle (done-when item 2). */
function assertAllValid(tool: ToolDefinition, numRuns: number): void {
  fc.assert(
    fc.property(schemaArbitrary(tool.parameters), (value) => {
      const errors = validateAgainst(tool.parameters, value)
      if (errors.length > 0) throw new Error(`${tool.name}: ${JSON.stringify(value)} is invalid: ${JSON.stringify(errors.slice(0, 2))}`)
    }),
    { numRuns, seed: 7 },
  )
}

describe('schemaArbitrary on hand-written schemas', () => {
  for (const tool of corpus) {
    it(`${tool.name}: every sample validates under strict ajv`, () => assertAllValid(tool, 500))
  }

  it('honours required, optional and closed objects', () => {
    const samples = fc.sample(schemaArbitrary(corpus[0]!.parameters), { numRuns: 300, seed: 3 }) as Record<string, unknown>[]
    expect(samples.every((sample) => 'city' in sample && 'days' in sample && 'units' in sample)).toBe(true)
    expect(samples.some((sample) => !('date' in sample))).toBe(true)
    expect(samples.some((sample) => 'date' in sample)).toBe(true)
    expect(samples.every((sample) => Object.getPrototypeOf(sample) === Object.prototype)).toBe(true)
  })

  it('generates undeclared keys only where the schema allows them', () => {
    const samples = fc.sample(schemaArbitrary({ type: 'object', properties: { a: { type: 'integer' } } }), { numRuns: 300, seed: 4 })
    expect(samples.some((sample) => Object.keys(sample as object).some((key) => key !== 'a'))).toBe(true)
    const closed = fc.sample(schemaArbitrary({ type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }), { numRuns: 300, seed: 4 })
    expect(closed.every((sample) => Object.keys(sample as object).every((key) => key === 'a'))).toBe(true)
  })

  it('valid arguments for a shapeless root schema are objects (tool arguments always are)', () => {
    const samples = fc.sample(validArguments({ description: 'no parameters declared' }), { numRuns: 100, seed: 2 })
    expect(samples.every((sample) => typeof sample === 'object' && sample !== null && !Array.isArray(sample))).toBe(true)
  })

  it('shrinks to a minimal sample: required keys only, values at their bounds', () => {
    const details = fc.check(fc.property(schemaArbitrary(corpus[0]!.parameters), () => false), { seed: 1 })
    expect(details.counterexample?.[0]).toEqual({ city: ' ', days: 1, units: 'metric' })
  })
})

const suiteToolFiles = existsSync(join(projectRoot, 'suites'))
  ? readdirSync(join(projectRoot, 'suites')).map((name) => join(projectRoot, 'suites', name, 'tools.json')).filter(existsSync)
  : []

describe.skipIf(suiteToolFiles.length === 0)('schemaArbitrary on the example suites’ tools', () => {
  for (const file of suiteToolFiles) {
    it(file.replace(`${projectRoot}/`, ''), () => {
      for (const tool of loadToolsFile(file)) assertAllValid(tool, 300)
    })
  }
})

const bfclConverter = join(projectRoot, 'src/bfcl/to-json-schema.ts')

describe.skipIf(!hasSharedData('bfcl') || !existsSync(bfclConverter))(sharedTitle('schemaArbitrary on BFCL functions converted to JSON Schema', 'bfcl'), () => {
  it('every sample of every BFCL function validates under strict ajv', async () => {
    // Imported by path: the converter is another module's, and this test should not fail to load without it.
    const { bfclFunctionToTool } = (await import(pathToFileURL(bfclConverter).href)) as {
      bfclFunctionToTool: (fn: { name: string }) => ToolDefinition
    }
    const seen = new Set<string>()
    const tools: ToolDefinition[] = []
    for (const file of readdirSync(sharedData('bfcl')).filter((name) => /^BFCL_v4_.*\.json$/.test(name))) {
      for (const line of readFileSync(sharedData('bfcl', file), 'utf8').split('\n')) {
        if (!line.trim()) continue
        for (const fn of (JSON.parse(line) as { function?: { name: string }[] }).function ?? []) {
          const tool = bfclFunctionToTool(fn)
          const key = JSON.stringify(tool.parameters)
          if (!seen.has(key)) {
            seen.add(key)
            tools.push(tool)
          }
        }
      }
    }
    // A few BFCL schemas are unsatisfiable as written (e.g. `type: array` with an `enum` of strings): no valid sample exists.
    const satisfiable = tools.filter((tool) => schemaContradictions(tool.parameters).length === 0)
    expect(satisfiable.length).toBeGreaterThan(500)
    expect(tools.length - satisfiable.length).toBeLessThan(tools.length / 50)
    for (const tool of satisfiable) assertAllValid(tool, 20)
  })
})
