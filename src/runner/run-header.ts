import { relative } from 'node:path'
import type { Suite } from '../core/case.ts'
import type { Report } from '../core/report.ts'
import type { PriceTable } from '../pricing/index.ts'
import { toolgaugeVersion } from '../version.ts'

/** What report.json's `run` block says about a run. */
export type RunHeaderInput = {
  readonly startedAt: Date
  readonly models: readonly string[]
  /** Each model's spec by its name in the run (its label, or the spec itself): `run.modelSpecs`. */
  readonly modelSpecs: { readonly [model: string]: string }
  /** Each suite's name, file and number of cases (a `Suite`, or a suite opened for a run with its count). */
  readonly suites: readonly (Pick<Suite, 'name' | 'file'> & { readonly cases: { readonly length: number } })[]
  readonly repeat: number
  readonly prices: PriceTable
  /** Run-specific fields (shard, filter, interrupted, resumed). */
  readonly extra?: { readonly [field: string]: unknown }
}

/** The `run` block of report.json; `toolgauge run` and the vitest reporter write it the same way. */
export function runHeader(input: RunHeaderInput): Report['run'] {
  return {
    startedAt: input.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    toolgaugeVersion,
    models: input.models,
    modelSpecs: input.modelSpecs,
    suites: input.suites.map((suite) => ({ name: suite.name, file: relative(process.cwd(), suite.file) || suite.file, cases: suite.cases.length })),
    repeat: input.repeat,
    priceTable: { date: input.prices.date, source: input.prices.source },
    ...input.extra,
  }
}
