// The summary rows of a run with variants, and of --by suite, come in one order whatever order results finish in:
// the models as given, (the suites as given,) then the base variant and the others by name, as the gates list them.
// Results here are made to finish in the reverse of the plan: each request waits until the result before it in a
// chosen order has been reported (onResult), so the order is forced, not timed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { Report } from '../../src/core/report.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const weather = { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: {} } }
const suiteYaml = (name: string) => `name: ${name}\ntools: ./tools.json\ncases:\n  - { id: paris, prompt: Weather in Paris?, expect: { calls: [] } }\n`

/** Releases one task at a time, in `order` (keys `suite/model/variant`), each when the one before it has a result. */
class Sequencer {
  private readonly waiting = new Map<string, () => void>()
  private next = 0
  constructor(private readonly order: readonly string[]) {}

  turn(key: string): Promise<void> {
    if (this.order[this.next] === key) return Promise.resolve()
    return new Promise((resolve) => this.waiting.set(key, resolve))
  }

  finished(result: CaseResult): void {
    expect(keyOf(result.suite, result.model, result.variant)).toBe(this.order[this.next])
    const key = this.order[++this.next]
    if (key !== undefined) this.waiting.get(key)?.()
  }
}

const keyOf = (suite: string, model: string, variant: string | undefined) => `${suite}/${model}/${variant ?? ''}`

function sequenced(id: string, sequencer: Sequencer): Provider {
  return {
    id,
    async doGenerate({ context }) {
      await sequencer.turn(keyOf(context.suite, id, context.variant))
      return { text: 'No call needed.', toolCalls: [], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 1 }
    },
  }
}

describe('summary row order in a run with variants', () => {
  it('is the models as given, then the base and the variants by name, whichever result finished first', async () => {
    const dir = tempFiles({
      'one/tools.json': JSON.stringify([weather]), 'one/suite.yaml': suiteYaml('one'),
      'two/tools.json': JSON.stringify([weather]), 'two/suite.yaml': suiteYaml('two'),
      'zeta.json': JSON.stringify([{ ...weather, description: 'Zeta weather' }]),
      'alpha.json': JSON.stringify([{ ...weather, description: 'Alpha weather' }]),
    })
    const variants = ['zeta', 'alpha'].map((name) => ({ name, file: join(dir, `${name}.json`), origin: { field: '--variant' } }))
    const plan = ['one', 'two'].flatMap((suite) => ['base', 'zeta', 'alpha'].flatMap((variant) => ['m1', 'm2'].map((model) => keyOf(suite, model, variant))))
    const sequencer = new Sequencer([...plan].reverse())
    const outcome = await runEvaluation({
      suitePaths: [join(dir, 'one'), join(dir, 'two')], models: ['m1', 'm2'], providers: [sequenced('m1', sequencer), sequenced('m2', sequencer)],
      variants, outDir: join(dir, 'out'), concurrency: plan.length, bySuite: true, onResult: (result) => sequencer.finished(result),
    })
    const rows = [['m1', 'base'], ['m1', 'alpha'], ['m1', 'zeta'], ['m2', 'base'], ['m2', 'alpha'], ['m2', 'zeta']]
    expect(outcome.report.summary.map((row) => [row.model, row.variant])).toEqual(rows)
    expect(outcome.bySuite.map((row) => [row.suite, row.model, row.variant])).toEqual(['one', 'two'].flatMap((suite) => rows.map((row) => [suite, ...row])))
    // The comparisons each variant row is annotated with (report.md, report.html list them) in the same order.
    expect((outcome.report.variantComparisons as { model: string; variant: string }[]).map((c) => [c.model, c.variant])).toEqual(rows.filter(([, variant]) => variant !== 'base'))
    // A merge of the run's report (what merging shards recomputes from) lists the rows and comparisons alike.
    const merged = mergeReports([{ file: 'report.json', report: JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report }]).report
    expect(merged.summary.map((row) => [row.model, row.variant])).toEqual(rows)
    expect(merged.variantComparisons).toEqual(outcome.report.variantComparisons)
    // The results themselves stay in the plan's order.
    expect(outcome.report.results.map((result) => keyOf(result.suite, result.model, result.variant))).toEqual(plan)
  })
})
