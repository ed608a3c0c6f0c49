import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'

/** Where a run's model entries were written (a config file's `models:`), for the location of an error in one. */
export type ModelsSource = { readonly file: string; readonly lineOf: (path: readonly (string | number)[]) => number | undefined }

/** Whether model `modelIndex` runs the cases of suite `suite`. */
export type ModelAnswers = (modelIndex: number, suite: string) => boolean

/**
 * Which suites each model of a run answers: every suite, unless its entry lists `suites:` (by suite name) — so a
 * `scripted:` model written for one suite runs that suite's cases only, and the other suites' cases need no
 * script. A name that matches no suite of the run is an InputError with "did you mean".
 */
export function modelSuites(models: readonly { readonly id: string; readonly suites?: readonly string[] }[], suiteNames: readonly string[], source?: ModelsSource): ModelAnswers {
  const answered = models.map((model, modelIndex) => {
    if (model.suites === undefined) return undefined
    model.suites.forEach((name, index) => {
      if (suiteNames.includes(name)) return
      const path = ['models', modelIndex, 'suites', index]
      const line = source?.lineOf(path)
      throw new InputError(`model "${model.id}" names suite "${name}", which is not a suite of this run${didYouMean(name, suiteNames)} (suites: ${suiteNames.join(', ')})`, {
        ...(source ? { file: source.file } : {}), ...(line !== undefined ? { line } : {}), field: path.join('.'),
      })
    })
    return new Set(model.suites)
  })
  return (modelIndex, suite) => answered[modelIndex]?.has(suite) ?? true
}
