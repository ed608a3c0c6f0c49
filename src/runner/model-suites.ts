import { closestName } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import type { OptionNames } from '../core/option-names.ts'

/** Where a run's model entries were written (a config file's `models:`), for the location of an error in one. */
export type ModelsSource = { readonly file: string; readonly lineOf: (path: readonly (string | number)[]) => number | undefined }

/** Whether model `modelIndex` runs the cases of suite `suite`. */
export type ModelAnswers = (modelIndex: number, suite: string) => boolean

/** A model of a run as `suites:` reads it: its identity and the suites it is limited to, if any. */
export type ScopedModel = { readonly id: string; readonly suites?: readonly string[] }

/**
 * Which suites each model of a run answers: every suite, unless its entry lists `suites:` (by suite name) — so a
 * `scripted:` model written for one suite runs that suite's cases only, and the other suites' cases need no
 * script. A name close to a suite of the run (did-you-mean finds one) is a slip: an InputError. A name far from
 * all of them is a suite this run does not load (the config's model written for its own suite, the command line
 * naming another): the model answers the suites of the run it does name, maybe none (`checkAnswered` then speaks).
 */
export function modelSuites(models: readonly ScopedModel[], suiteNames: readonly string[], source?: ModelsSource): ModelAnswers {
  const answered = models.map((model, modelIndex) => {
    if (model.suites === undefined) return undefined
    model.suites.forEach((name, index) => {
      if (suiteNames.includes(name)) return
      const closest = closestName(name, suiteNames)
      if (closest === undefined) return
      const path = ['models', modelIndex, 'suites', index]
      const line = source?.lineOf(path)
      throw new InputError(`model "${model.id}" names suite "${name}", which is not a suite of this run (did you mean "${closest}"?) (suites: ${suiteNames.join(', ')})`, {
        ...(source ? { file: source.file } : {}), ...(line !== undefined ? { line } : {}), field: path.join('.'),
      })
    })
    return new Set(model.suites)
  })
  return (modelIndex, suite) => answered[modelIndex]?.has(suite) ?? true
}

/**
 * What the run says of the suites no model answers (every model lists `suites:` without them), whose cases would
 * otherwise run with no model and leave the suite out of the report unsaid: one warning each. When that is every
 * case of the run, nothing would run at all: an InputError (exit 2) saying why, at the config's `models:`.
 * `caseCounts` is the run's cases per suite (after --filter, --shard and variants), in the run's suite order.
 */
export function checkAnswered(models: readonly ScopedModel[], caseCounts: ReadonlyMap<string, number>, answers: ModelAnswers, names: OptionNames, source?: ModelsSource): string[] {
  const unanswered = [...caseCounts].filter(([suite, count]) => count > 0 && !models.some((_, index) => answers(index, suite)))
  if (unanswered.length === 0) return []
  const scoped = models.map((model) => `"${model.id}" answers ${model.suites!.length === 0 ? 'no suite' : model.suites!.join(', ')}`).join('; ')
  const fix = (suites: string) => `add ${suites} to a model's suites:, or give a model without suites: (it answers every suite; offline: ${names.offlineModel})`
  const cases = (count: number) => `${count} case${count === 1 ? '' : 's'}`
  if (unanswered.length === [...caseCounts.values()].filter((count) => count > 0).length) {
    const names = unanswered.map(([suite, count]) => `"${suite}" (${cases(count)})`).join(', ')
    const line = source?.lineOf(['models'])
    throw new InputError(`no model answers any case of this run: every model lists suites: without ${unanswered.length === 1 ? 'suite' : 'suites'} ${names} (${scoped}); ${fix(unanswered.length === 1 ? 'it' : 'them')}`, {
      ...(source ? { file: source.file } : {}), ...(line !== undefined ? { line } : {}), field: 'models',
    })
  }
  return unanswered.map(([suite, count]) => `suite "${suite}" is answered by no model, so its ${count === 1 ? 'case does' : `${count} cases do`} not run and it is not in the report: every model lists suites: without it (${scoped}); ${fix(`"${suite}"`)}`)
}
