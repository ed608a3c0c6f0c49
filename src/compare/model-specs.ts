import { InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { ReportInput } from '../core/report.ts'

/**
 * The merged `run.modelSpecs`: each model name's spec, as the inputs recorded it. A name two inputs recorded for
 * different specs is bad input (exit 2): merge joins results by model name, so two models under one label would be
 * pooled into one row — one accuracy, one gate verdict over both. Shards of one spec agree and merge as before; a
 * report that recorded no specs (written before they were) is not checked.
 */
export function mergedModelSpecs(inputs: readonly ReportInput[]): { [model: string]: string } {
  const seen = new Map<string, { readonly spec: string; readonly file: string }>()
  for (const { file, report } of inputs) {
    const specs = report.run.modelSpecs
    if (specs === undefined) continue
    if (!isPlainObject(specs)) throw new InputError('expected each model\'s spec by its name (an object)', { file, field: 'run.modelSpecs' })
    for (const [model, spec] of Object.entries(specs)) {
      const field = `run.modelSpecs.${model}`
      if (typeof spec !== 'string') throw new InputError('expected the model\'s spec (a string)', { file, field })
      const first = seen.get(model)
      if (!first) seen.set(model, { spec, file })
      else if (first.spec !== spec) {
        throw new InputError(`model "${model}" is ${spec} here but ${first.spec} in ${first.file}: merged, two models' results would be pooled as one model's row; run them under different labels (models: - { model: …, label: … }) to merge them`, { file, field })
      }
    }
  }
  return Object.fromEntries([...seen].map(([model, { spec }]) => [model, spec]))
}
