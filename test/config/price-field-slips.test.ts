import { describe, expect, it } from 'vitest'
import { unknownFieldHint } from '../../src/core/did-you-mean.ts'
import { defaultPriceTable, mergePriceTable } from '../../src/pricing/index.ts'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'
import { thrownInputError } from '../helpers/input-error.ts'

/** The message of the InputError a price row with one more field gets. */
function priceSlip(field: string): string {
  return thrownInputError(() => mergePriceTable(defaultPriceTable, { 'gpt-4o': { input: 2.5, output: 10, [field]: 1.25 } })).message
}

/** `run` in a project whose config has these `prices:` rows (YAML, indented under it) from its fourth line. */
function runWithPrices(rows: string): ReturnType<typeof runCli> {
  const dir = tempFiles({
    'tools.json': JSON.stringify([{ name: 'f', description: 'F', parameters: { type: 'object', properties: {} } }]),
    'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n',
    'toolgauge.config.yaml': `suites: [suite.yaml]\nmodels: [baseline]\nprices:\n${rows}`,
  })
  return runCli(['run', '--out', 'out'], { cwd: dir })
}

// A price copied from a provider's price page or API keeps its word for the field, which edit distance misses or
// takes for another (`cache_read` is nearer `cache_write` than `cached_input`).
describe('a price field in a provider\'s word is told the field toolgauge calls it', () => {
  it('a config\'s cache_read (Anthropic\'s word) is cached_input, at its line, exit 2', () => {
    expectInputError(runWithPrices('  gpt-4o: { input: 2.5, output: 10, cache_read: 1.25 }\n'), 'toolgauge.config.yaml:4: prices.gpt-4o.cache_read: unknown field "cache_read" (did you mean "cached_input"?)')
  })

  it('a config\'s bad or missing price is named at its line, as every config field is', () => {
    expectInputError(runWithPrices('  gpt-4o: { input: 2.5, output: 10 }\n  gpt-4.1:\n    input: "1.6"\n    output: 8\n'), 'toolgauge.config.yaml:6: prices.gpt-4.1.input: expected number, got the string "1.6": write 1.6')
  })

  it('Anthropic\'s cache_creation is cache_write; OpenRouter\'s input_cache_read, prompt and completion are cached_input, input and output', () => {
    expect(priceSlip('cache_creation')).toContain('prices.gpt-4o.cache_creation: unknown price field (did you mean "cache_write"?)')
    expect(priceSlip('input_cache_read')).toContain('(did you mean "cached_input"?)')
    expect(priceSlip('prompt')).toContain('(did you mean "input"?)')
    expect(priceSlip('completion')).toContain('(did you mean "output"?)')
  })

  it('a typo is told the close field; a field like none is told the fields alone', () => {
    expect(priceSlip('cached_inptu')).toContain('unknown price field (did you mean "cached_input"?)')
    expect(priceSlip('discount')).toBe('prices.gpt-4o.discount: unknown price field; expected one of input, output, cached_input, cache_write')
    // One slip away beats an API's word: `tool` at a suite's root (name, tools, …) is `tools`, not a call's `name`.
    expect(unknownFieldHint('tool', ['name', 'tools', 'cases'])).toBe(' (did you mean "tools"?)')
  })
})
