// A config model entry's `suites:` limits the model to those suites. A suite that no model answers (every model
// lists `suites:` without it) ran silently: its cases ran with no model, the run exited 0 and the suite was not in
// the report. It is now a warning naming the suite, the scoped models and the way to include it — and a run where no
// case at all is answered is bad input. A `suites:` name this run does not load was exit 2 even when it was no slip
// (init's config names its example suite; the user ran another): only a name close to a suite of the run is now.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

/** A suite named `name` with one tool and `count` cases that expect no call. */
function suite(name: string, count = 1): string {
  const tools = [{ name: 'get_weather', description: 'Weather of a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]
  return JSON.stringify({ name, tools, cases: Array.from({ length: count }, (_, index) => ({ id: `${name}-${index}`, prompt: 'go', expect: { calls: [] } })) })
}

async function run(models: RunOptions['models'], extra: Partial<RunOptions> = {}) {
  const dir = tempFiles({ 'plain.json': suite('plain'), 'other.json': suite('other', 2) })
  const warnings: string[] = []
  const outcome = await runEvaluation({ suitePaths: [join(dir, 'plain.json'), join(dir, 'other.json')], models, outDir: join(dir, 'out'), onWarning: (message) => warnings.push(message), ...extra })
  return { outcome, warnings, results: outcome.report.results.map((result) => `${result.model} ${result.suite}`) }
}

describe('suites no model answers', () => {
  it('a suite every model is scoped away from is a warning naming it, the scoped models and how to include it', async () => {
    const { outcome, warnings, results } = await run([{ spec: 'baseline', suites: ['plain'] }])
    expect(results).toEqual(['baseline plain'])
    expect(outcome.exitCode).toBe(0)
    expect(warnings).toEqual([
      `suite "other" is answered by no model, so its 2 cases do not run and it is not in the report: every model lists suites: without it ("baseline" answers plain); add "other" to a model's suites:, or give a model without suites: (it answers every suite; offline: the model 'baseline')`,
    ])
  })

  it('no warning when a model without suites: answers the rest, or when --filter leaves the suite no case', async () => {
    expect((await run([{ spec: 'baseline', suites: ['plain'], label: 'scoped' }, 'baseline'])).warnings).toEqual([])
    expect((await run([{ spec: 'baseline', suites: ['plain'] }], { filter: 'plain/*' })).warnings).toEqual([])
  })

  it('a run where no case is answered at all is bad input, saying why', async () => {
    const error = await run([{ spec: 'baseline', suites: ['example'] }]).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toBe(`models: no model answers any case of this run: every model lists suites: without suites "plain" (1 case), "other" (2 cases) ("baseline" answers example); add them to a model's suites:, or give a model without suites: (it answers every suite; offline: the model 'baseline')`)
  })
})

describe('a suites: name that is not a suite of this run', () => {
  it('far from every suite of the run: the model answers the suites of the run it names', async () => {
    const { warnings, results } = await run([{ spec: 'baseline', suites: ['plain', 'example', 'other'] }])
    expect(results).toEqual(['baseline plain', 'baseline other', 'baseline other'])
    expect(warnings).toEqual([])
  })

  it('close to a suite of the run: a slip, exit 2 with did you mean', async () => {
    const error = await run([{ spec: 'baseline', suites: ['plain', 'othr'] }]).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toBe('models.0.suites.1: model "baseline" names suite "othr", which is not a suite of this run (did you mean "other"?) (suites: plain, other)')
  })
})
