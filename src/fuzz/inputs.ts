import fc from 'fast-check'
import type { JsonSchema } from '../core/tool.ts'
import { validateAgainst } from '../schema/ajv.ts'
import { schemaArbitrary, type MapperOptions } from './arbitrary.ts'
import { boundedFilter } from './bounded-filter.ts'
import { toPointer } from './json.ts'
import type { Mutant, WireMutant } from './mutant.ts'
import { schemaMutations } from './schema-mutations.ts'
import { familyOf, mutationFamilies, valueMutations } from './value-mutations.ts'
import { strictParse, wireKinds, wireMutation } from './wire-mutations.ts'

/** The strict oracle as a predicate: ajv without coercion, removal or defaults, formats on. */
export const oracleAccepts = (schema: JsonSchema, value: unknown): boolean => validateAgainst(schema, value).length === 0

/** Valid arguments for `schema`: the mapper's output, kept only when the oracle agrees (a safety net). */
export function validArguments(schema: JsonSchema, options: MapperOptions = {}): fc.Arbitrary<unknown> {
  return boundedFilter(schemaArbitrary(asArgumentsSchema(schema), options), (value) => oracleAccepts(schema, value))
}

const shapeKeywords = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'enum', 'const', 'if']

/**
 * Tool arguments are a JSON object on every wire protocol: a root schema that says nothing about the shape
 * (`{}`, or only `properties`-free keywords) generates objects rather than arbitrary JSON values.
 */
function asArgumentsSchema(schema: JsonSchema): JsonSchema {
  return shapeKeywords.some((key) => key in schema) ? schema : { ...schema, type: 'object' }
}

/**
 * Picks a mutation of `value` that the oracle really rejects: from the `family`-th family (cycling on to the next
 * family that has one), at the `site`-th place. Undefined when no mutation of this sample is invalid.
 * Choosing by family keeps shrinking structural: the sample shrinks around a mutation that stays the same.
 */
export function pickMutant(schema: JsonSchema, value: unknown, family: number, site: number): Mutant | undefined {
  const candidates = valueMutations(schema, value)
  for (let offset = 0; offset < mutationFamilies.length; offset++) {
    const wanted = mutationFamilies[(family + offset) % mutationFamilies.length]
    const sites = candidates.filter((candidate) => familyOf(candidate.kind) === wanted)
    for (let step = 0; step < sites.length; step++) {
      const candidate = sites[(site + step) % sites.length]!
      const mutated = candidate.apply()
      if (!oracleAccepts(schema, mutated)) return { kind: candidate.kind, path: toPointer(candidate.path), value: mutated }
    }
  }
  return undefined
}

/**
 * Invalid arguments: value mutations of valid samples (most of them) and values generated from negative schemas;
 * each confirmed invalid by the oracle. `undefined` marks a draw where no mutant survived the oracle.
 */
export function invalidArguments(schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Mutant | undefined> {
  const families = fc.nat({ max: mutationFamilies.length - 1 })
  // The mutation choice comes first: fast-check shrinks it first, then shrinks the sample around a fixed mutation.
  const byValue = fc.tuple(families, fc.nat(), valid).map(([family, site, value]) => pickMutant(schema, value, family, site))
  const negative = schemaMutations(schema).map((mutation) =>
    boundedFilter(schemaArbitrary(mutation.schema, { maxRefDepth: 2 }), (value) => !oracleAccepts(schema, value), 20).map(
      (value): Mutant | undefined =>
        oracleAccepts(schema, value) ? undefined : { kind: `schema:${mutation.kind}`, path: `${mutation.path} (${mutation.detail})`, value },
    ),
  )
  if (negative.length === 0) return byValue
  return fc.oneof({ weight: 3, arbitrary: byValue }, { weight: 1, arbitrary: fc.oneof(...negative) })
}

/** Malformed raw argument strings derived from valid samples, each confirmed invalid (strict parse or oracle). */
export function wireMutants(schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<WireMutant | undefined> {
  return fc.tuple(valid, fc.constantFrom(...wireKinds), fc.nat()).map(([value, kind, at]) => {
    const mutant = wireMutation(value, kind, at)
    const parsed = strictParse(mutant.raw)
    return parsed.ok && oracleAccepts(schema, parsed.value) ? undefined : mutant
  })
}
