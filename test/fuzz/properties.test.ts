import { describe, expect, it } from 'vitest'
import { fuzzValidator, type Finding, type FuzzOptions, type PropertyName } from '../../src/fuzz/index.ts'
import { corpus } from './corpus.ts'
import {
  ajvValidator,
  caseInsensitiveEnum,
  emptyFallback,
  naiveParser,
  orderSensitive,
  periodAppendingRepair,
  requiresEverything,
  strictValidator,
} from './lenient-validators.ts'

const weather = corpus.find((tool) => tool.name === 'get_weather')!
const minimal = { city: ' ', days: 1, units: 'metric' }

async function findings(options: Partial<FuzzOptions> & Pick<FuzzOptions, 'validator'>): Promise<Finding[]> {
  const report = await fuzzValidator({ tools: [weather], runs: 300, seed: 1, ...options })
  return [...report.findings]
}

const on = (all: readonly Finding[], property: PropertyName): Finding | undefined => all.find((finding) => finding.property === property)

// Done-when item 1: each lenient configuration is caught by the right property, with a minimal counterexample.
describe('lenient validators are flagged on the right property with a minimal counterexample', () => {
  it('ajv coerceTypes: rejection, a numeric string', async () => {
    const all = await findings({ validator: ajvValidator({ coerceTypes: true }) })
    const finding = on(all, 'rejection')!
    expect(finding.counterexample).toEqual({ ...minimal, days: '1' })
    expect(finding.message).toContain('numeric-string at /days')
    expect(finding.message).toContain('passed on {"city":" ","days":1')
    expect(on(all, 'acceptance')).toBeUndefined()
  })

  it('ajv removeAdditional: rejection, a hallucinated key silently deleted', async () => {
    const all = await findings({ validator: ajvValidator({ removeAdditional: true }) })
    const finding = on(all, 'rejection')!
    expect(finding.counterexample).toEqual({ ...minimal, description: 'hallucinated' })
    expect(finding.message).toContain('extra-property at /description')
    expect(on(all, 'acceptance')).toBeUndefined()
  })

  it('ajv useDefaults: rejection (a dropped required key is filled in) and truncation_safety', async () => {
    const all = await findings({ validator: ajvValidator({ useDefaults: true }) })
    expect(on(all, 'rejection')!.counterexample).toEqual({ city: ' ', days: 1 })
    expect(on(all, 'rejection')!.message).toMatch(/\/units/)
    expect(on(all, 'truncation_safety')!.counterexample).toEqual({ city: ' ', days: 1 })
  })

  it('ajv useDefaults on an optional property: acceptance, a valid call rewritten', async () => {
    const tool = { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', default: 10 } }, required: ['query'], additionalProperties: false } }
    const report = await fuzzValidator({ tools: [tool], validator: ajvValidator({ useDefaults: true }), runs: 300, seed: 1 })
    const finding = on(report.findings, 'acceptance')!
    expect(finding.counterexample).toEqual({ query: '' })
    expect(finding.message).toBe('accepted a valid input but passed on a changed value: {"query":"","limit":10}')
  })

  it('ajv with formats off: rejection, an impossible date', async () => {
    const all = await findings({ validator: ajvValidator({ validateFormats: false }, false) })
    const finding = on(all, 'rejection')!
    expect(finding.counterexample).toEqual({ ...minimal, date: '2024-13-01' })
    expect(finding.message).toContain('format-date-violation at /date')
  })

  it('a case-insensitive enum check: rejection, an upper-cased enum value', async () => {
    const all = await findings({ validator: caseInsensitiveEnum })
    const finding = on(all, 'rejection')!
    expect(finding.counterexample).toEqual({ ...minimal, units: 'METRIC' })
    expect(finding.message).toContain('enum-case at /units')
  })

  it('an over-strict validator: acceptance, the smallest valid call', async () => {
    const all = await findings({ validator: requiresEverything })
    expect(on(all, 'acceptance')!.counterexample).toEqual(minimal)
    expect(on(all, 'acceptance')!.message).toBe('the validator rejected a valid input')
    expect(on(all, 'rejection')).toBeUndefined()
  })
})

describe('the other properties', () => {
  it('no_silent_drop: a fallback to {} is caught', async () => {
    const all = await findings({ validator: emptyFallback })
    expect(on(all, 'no_silent_drop')!.message).toMatch(/passed on as \{\}/)
  })

  it('metamorphic: a key-order-sensitive validator is caught with the reordered twin', async () => {
    const all = await findings({ validator: orderSensitive })
    expect(on(all, 'metamorphic')!.counterexample).toEqual({ original: minimal, variant: { units: 'metric', days: 1, city: ' ' } })
  })

  it('idempotence: a repair that changes its own output again is caught', async () => {
    const all = await findings({ validator: periodAppendingRepair, properties: ['idempotence'] })
    expect(on(all, 'idempotence')!.message).toMatch(/repairing twice differs from once|rejected its own output/)
  })

  it('parser_totality: a JSON.parse parser throws on malformed wire input', async () => {
    const all = await findings({ validator: strictValidator, parser: naiveParser, properties: ['parser_totality'] })
    expect(on(all, 'parser_totality')!.message).toMatch(/^the parser threw on /)
    expect(typeof on(all, 'parser_totality')!.counterexample).toBe('string')
  })

  it('truncation_safety through a parser: a repairing parser that closes brackets executes cut payloads', async () => {
    const closeBrackets = (raw: string): unknown => {
      for (const suffix of ['', '}', '"}', '0}', 'null}']) {
        try {
          return { ok: true, value: JSON.parse(raw + suffix) }
        } catch {}
      }
      return { ok: false }
    }
    const all = await findings({ validator: strictValidator, parser: closeBrackets, properties: ['truncation_safety'] })
    expect(on(all, 'truncation_safety')!.message).toMatch(/^executed a payload truncated to \d+ characters/)
  })
})

describe('--allow-repair', () => {
  it('counts a repair into a valid value as a repair, not a finding', async () => {
    const report = await fuzzValidator({ tools: [weather], validator: ajvValidator({ removeAdditional: true }), runs: 300, seed: 1, allowRepair: true, properties: ['rejection'] })
    expect(report.findings).toEqual([])
    const repairs = report.results.find((result) => result.property === 'rejection')!.repairs
    expect(repairs['extra-property']).toBeGreaterThan(0)
  })

  it('still flags a repair whose value the oracle rejects', async () => {
    const report = await fuzzValidator({ tools: [weather], validator: emptyFallback, runs: 300, seed: 1, allowRepair: true, properties: ['rejection'] })
    expect(report.findings[0]?.message).toContain('the repaired value is still invalid')
  })
})

describe('a strict validator', () => {
  const tools = corpus.filter((tool) => ['get_weather', 'search_issues', 'combinators', 'tree'].includes(tool.name))

  it('gets no finding at 1,000 runs per tool', async () => {
    const report = await fuzzValidator({ tools, validator: strictValidator, runs: 1000, seed: 20261129 })
    expect(report.findings).toEqual([])
    expect(report.results.filter((result) => result.status === 'pass').length).toBe(tools.length * 6)
    for (const result of report.results.filter((result) => result.status === 'pass')) expect(result.exercised).toBeGreaterThan(100)
  })

  it('an async validator works the same way', async () => {
    const report = await fuzzValidator({ tools: [weather], validator: async (args, tool) => strictValidator(args, tool), runs: 200, seed: 3 })
    expect(report.findings).toEqual([])
  })

  it('reports a tool with an unsatisfiable schema as skipped, not as a finding', async () => {
    const broken = { name: 'broken', parameters: { type: 'object', properties: { tags: { type: 'array', enum: ['a'] } }, required: ['tags'] } }
    const report = await fuzzValidator({ tools: [broken], validator: strictValidator, runs: 50, seed: 1 })
    expect(report.findings).toEqual([])
    expect(report.results.every((result) => result.status === 'skipped' && /cannot be satisfied/.test(result.reason ?? ''))).toBe(true)
  })
})

// The user's validator and parser are harness code: what they throw or return is any value, and describing it must
// not throw itself (String() throws on an object without a prototype) — the fuzz run would end in a stack trace.
describe('a validator or parser that throws or returns what cannot be turned into text', () => {
  const bare = () => Object.create(null) as object
  it('a validator throwing an object without a prototype is a finding, not a crash', async () => {
    const all = await findings({ validator: () => { throw bare() }, properties: ['acceptance'] })
    expect(on(all, 'acceptance')?.message).toMatch(/threw/)
  })

  it('a validator answering with a BigInt is a finding naming what it returned', async () => {
    const all = await findings({ validator: () => 1n as unknown as boolean, properties: ['acceptance'] })
    expect(on(all, 'acceptance')?.message).toContain('expected a boolean or { valid, value? }')
  })

  it('a parser throwing an object without a prototype is a parser_totality finding', async () => {
    const all = await findings({ validator: strictValidator, parser: () => { throw bare() }, properties: ['parser_totality'] })
    expect(on(all, 'parser_totality')!.message).toMatch(/^the parser threw on /)
  })
})
