import { isDeepStrictEqual } from 'node:util'
import { InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { OptionNames } from '../core/option-names.ts'
import type { ReportInput } from '../core/report.ts'

type Settings = { readonly [setting: string]: unknown }

/**
 * The merged `run.modelSpecs`: each model name's spec, as the inputs recorded it. A name two inputs recorded for
 * different specs is bad input (exit 2): merge joins results by model name, so two models under one label would be
 * pooled into one row — one accuracy, one gate verdict over both. Shards of one spec agree and merge as before; a
 * report that recorded no specs (written before they were) is not checked.
 */
export function mergedModelSpecs(inputs: readonly ReportInput[], names: OptionNames): { [model: string]: string } {
  const specs = perModel(inputs, 'modelSpecs', 'each model\'s spec by its name', (spec, field) => {
    if (typeof spec !== 'string') throw new InputError('expected the model\'s spec (a string)', field)
    return spec
  }, (model, here, first) => (here === first.value ? undefined
    : `model "${model}" is ${here} here but ${first.value} in ${first.file}: merged, two models' results would be pooled as one model's row; run them under different labels (${names.labelled}) to merge them`))
  return Object.fromEntries([...specs].map(([model, { value }]) => [model, value]))
}

/**
 * The merged `run.modelSettings`: each model's request settings, which two inputs must agree on (exit 2 otherwise,
 * naming the setting and both values): merged as one model's row, verdicts decided at temperature 0 and at 0.7
 * would be one accuracy, one gate verdict. A model is recorded only when every input that ran it recorded its
 * settings — a report written before they were is not checked, and its results' settings are unknown.
 */
export function mergedModelSettings(inputs: readonly ReportInput[], names: OptionNames): { [model: string]: Settings } {
  return mergedSettings(inputs, 'modelSettings', (report) => report.run.models, (model, differs) => `model "${model}" ran with ${differs} — its verdicts were decided under two settings, and merged as one model's row, its accuracy and gates would mix them; run every report with the same settings, or give each setting its own label (${names.labelled}) to compare them as two models`)
}

/**
 * The merged `run.suiteModelSettings`, checked as `run.modelSettings` is: a judge or simulated user run with two
 * settings decided the merged row's verdicts under both. A spec is one a result names (its judge check, its simulator).
 */
export function mergedSuiteModelSettings(inputs: readonly ReportInput[]): { [spec: string]: Settings } {
  const specsOf = (report: ReportInput['report']) => report.results.flatMap((result) => [...(result.checks ?? []).flatMap((check) => (check.kind === 'judge' ? [check.spec] : [])), ...(result.simulator ? [result.simulator.spec] : [])])
  return mergedSettings(inputs, 'suiteModelSettings', specsOf, (spec, differs) => `the judge or simulated user "${spec}" ran with ${differs} — the verdicts it decided would be merged as one run's; run every report with the same settings for it`)
}

/** A settings record by name every input must agree on (`refusal` words a difference); a name one input ran (`ranBy`) without recording it is left out. */
function mergedSettings(inputs: readonly ReportInput[], key: 'modelSettings' | 'suiteModelSettings', ranBy: (report: ReportInput['report']) => readonly string[], refusal: (name: string, differs: string) => string): { [name: string]: Settings } {
  const settings = perModel(inputs, key, `each ${key === 'modelSettings' ? 'model' : 'spec'}'s request settings by its name`, (value, field) => {
    if (!isPlainObject(value)) throw new InputError('expected the model\'s request settings (an object)', field)
    return value
  }, (name, here, first) => {
    const setting = differingSetting(here, first.value)
    return setting === undefined ? undefined : refusal(name, `${setting} ${shown(here[setting])} here but ${shown(first.value[setting])} in ${first.file}`)
  })
  const unrecorded = new Set(inputs.flatMap(({ report }) => ranBy(report).filter((name) => !isPlainObject(report.run[key]) || !(name in report.run[key]))))
  return Object.fromEntries([...settings].filter(([name]) => !unrecorded.has(name)).map(([name, { value }]) => [name, value]))
}

/**
 * One `run` record by model name that every input must agree on, the first input's value kept for each model:
 * `read` checks an entry (a damaged one is named by file and field), `differ` says why `here` cannot merge with the
 * value first seen (undefined when it can). An input without the record is not checked.
 */
function perModel<T>(
  inputs: readonly ReportInput[],
  key: 'modelSpecs' | 'modelSettings' | 'suiteModelSettings',
  what: string,
  read: (value: unknown, field: { readonly file: string; readonly field: string }) => T,
  differ: (model: string, here: T, first: { readonly value: T; readonly file: string }) => string | undefined,
): Map<string, { readonly value: T; readonly file: string }> {
  const seen = new Map<string, { readonly value: T; readonly file: string }>()
  for (const { file, report } of inputs) {
    const record = report.run[key]
    if (record === undefined) continue
    if (!isPlainObject(record)) throw new InputError(`expected ${what} (an object)`, { file, field: `run.${key}` })
    for (const [model, entry] of Object.entries(record)) {
      const field = `run.${key}.${model}`
      const value = read(entry, { file, field })
      const first = seen.get(model)
      if (!first) seen.set(model, { value, file })
      else {
        const refusal = differ(model, value, first)
        if (refusal !== undefined) throw new InputError(refusal, { file, field })
      }
    }
  }
  return seen
}

/** The first setting by name two settings records differ on (merge's and the vitest reporter's), undefined if none. */
export function differingSetting(here: Settings, first: Settings): string | undefined {
  return [...new Set([...Object.keys(here), ...Object.keys(first)])].sort().find((one) => !isDeepStrictEqual(here[one], first[one]))
}

/** A setting's value as the refusal shows it: JSON, or `unset` for a setting the run left to the provider. */
export function shown(value: unknown): string {
  return value === undefined ? 'unset' : JSON.stringify(value)
}
