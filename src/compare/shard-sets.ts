import { InputError } from '../core/errors.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import type { Report, ReportInput } from '../core/report.ts'
import { isWholeShard, type Shard } from '../runner/shard.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { OptionNames } from '../core/option-names.ts'

/**
 * The shards of one model's sharded run a merged report holds (report.json `run.merged.shardSets`): the model, its
 * suites and `--filter`, and each shard present — so a later merge of the merged report checks the set as it
 * checks shard reports (a shard a partial merge lacked is still missing; merged with it, the set is whole).
 */
export type ShardSetRecord = { readonly model: string; readonly suites: readonly string[]; readonly filter?: string; readonly repeat?: number; readonly shards: readonly Shard[] }

/** A shard's `--repeat` (its report's `run.repeat`, or a merged report's record of the set) and the field it was read from. */
export type ShardRepeat = { readonly value: number; readonly field: string }

/** One shard a report holds: the report's file, which shard, and its `--repeat` (absent when the report did not say). */
export type HeldShard = { readonly file: string; readonly shard: Shard; readonly repeat?: ShardRepeat }

/** The shards of one sharded run: its shard reports, and how messages name the run (empty when it is the only one). */
export type ShardSet = { readonly label: string; readonly suites: readonly string[]; readonly shards: readonly HeldShard[] }

type ShardRun = { readonly model: string; readonly suites: readonly string[]; readonly filter?: string; readonly shards: HeldShard[] }

/**
 * The shard reports grouped by the run they are shards of. A shard's cases are a share of its suites' cases (after
 * --filter), and each model of it ran that share: shard 1/2 of one model and shard 2/2 of another are halves of two
 * runs, not one whole run — each model's gates would read half its cases. So a set is one model × suites × filter,
 * and each needs all its shards; models whose shards are the same reports are one set (a run of several models).
 * A merged input counts with the shards it recorded holding.
 */
export function shardSets(inputs: readonly ReportInput[], names: OptionNames): ShardSet[] {
  const sets = new Map<string, { models: string[]; plan: string; suites: readonly string[]; shards: ShardRun['shards'] }>()
  for (const run of shardRuns(inputs)) {
    const plan = `suites ${run.suites.join(', ')}${run.filter !== undefined ? `, ${names.filter} ${run.filter}` : ''}`
    const key = JSON.stringify([plan, run.shards.map((s) => s.file)])
    getOrCreate(sets, key, () => ({ models: [] as string[], plan, suites: run.suites, shards: run.shards })).models.push(run.model)
  }
  const all = [...sets.values()]
  const plans = (model: string) => all.filter((set) => set.models.includes(model)).length
  return all.map(({ models, plan, suites, shards }) => ({
    label: all.length === 1 ? '' : ` of ${models.join(', ')}${models.some((model) => plans(model) > 1) ? ` (${plan})` : ''}`,
    suites,
    shards,
  }))
}

/**
 * Refuses a shard set whose reports ran different `--repeat` values (`run.repeat`): each shard's cases ran as many
 * times as its own run asked, so the merged pass@k, pass^k, flaky cases and gates would weigh half the cases by one
 * repeat count and half by another, as one run of neither.
 */
export function checkOneRepeat(set: ShardSet, names: OptionNames): void {
  const first = set.shards.find((held) => held.repeat !== undefined)
  if (!first) return
  for (const { file, repeat } of set.shards) {
    if (repeat === undefined || repeat.value === first.repeat!.value) continue
    throw new InputError(`shard reports${set.label} ran different ${names.repeat} values: ${names.repeat} ${repeat.value} here but ${names.repeat} ${first.repeat!.value} in ${first.file} — their cases ran a different number of times, so pass@k, pass^k and the gates would mix them as one run; run every shard with the same ${names.repeat}`, { file, field: repeat.field })
  }
}

/** What the merged report records of the shard sets it holds: each model's run, its --repeat and its shards, in index order. */
export function shardSetRecords(inputs: readonly ReportInput[]): ShardSetRecord[] {
  return shardRuns(inputs).map(({ model, suites, filter, shards }) => {
    const held = new Map(shards.map(({ shard }) => [JSON.stringify([shard.count, shard.index]), shard]))
    // One value (checkOneRepeat refused a set of two): kept so a later merge checks the shards it is merged with.
    const repeat = shards.find((entry) => entry.repeat !== undefined)?.repeat?.value
    return { model, suites, ...(filter !== undefined ? { filter } : {}), ...(repeat !== undefined ? { repeat } : {}), shards: [...held.values()].sort((a, b) => a.count - b.count || a.index - b.index) }
  })
}

export function isShard(value: unknown): value is Shard {
  return typeof value === 'object' && value !== null && typeof (value as Shard).index === 'number' && typeof (value as Shard).count === 'number'
}

/** Each model × suites × filter's shards, from shard reports (`run.shard`) and merged ones (`run.merged.shardSets`). */
function shardRuns(inputs: readonly ReportInput[]): ShardRun[] {
  const byRun = new Map<string, ShardRun>()
  const add = (model: string, suites: readonly string[], filter: string | undefined, held: HeldShard) => {
    const key = JSON.stringify([model, suites, filter ?? null])
    getOrCreate(byRun, key, (): ShardRun => ({ model, suites, ...(filter !== undefined ? { filter } : {}), shards: [] })).shards.push(held)
  }
  for (const { file, report } of inputs) {
    const { shard, filter, repeat } = report.run
    recordedSets(file, report).forEach((set, index) => {
      const recorded = set.repeat !== undefined ? { repeat: { value: set.repeat, field: `run.merged.shardSets[${index}].repeat` } } : {}
      for (const held of set.shards) add(set.model, set.suites, set.filter, { file, shard: held, ...recorded })
    })
    if (!isShard(shard)) continue
    const suites = [...new Set(report.run.suites.map((suite) => suite.name))].sort()
    const ran = typeof repeat === 'number' ? { repeat: { value: repeat, field: 'run.repeat' } } : {}
    for (const model of report.run.models.length > 0 ? [...new Set(report.run.models)] : ['']) add(model, suites, typeof filter === 'string' ? filter : undefined, { file, shard, ...ran })
  }
  return [...byRun.values()]
}

/** A merged report's `run.merged.shardSets`, checked (a damaged one is named: file and field). */
function recordedSets(file: string, report: Report): ShardSetRecord[] {
  const merged = report.run.merged
  const sets = isPlainObject(merged) ? merged.shardSets : undefined
  if (sets === undefined) return []
  const field = 'run.merged.shardSets'
  const fail = (what: string, at = '') => new InputError(`expected ${what}`, { file, field: `${field}${at}` })
  if (!Array.isArray(sets)) throw fail('a list of shard sets (model, suites, shards)')
  return sets.map((set: unknown, index): ShardSetRecord => {
    const at = `[${index}]`
    if (!isPlainObject(set)) throw fail('a shard set object (model, suites, shards)', at)
    if (typeof set.model !== 'string') throw fail('the model name (a string)', `${at}.model`)
    if (!Array.isArray(set.suites) || !set.suites.every((suite) => typeof suite === 'string')) throw fail('the suite names (a list of strings)', `${at}.suites`)
    if (set.filter !== undefined && typeof set.filter !== 'string') throw fail('the case filter (a string)', `${at}.filter`)
    if (set.repeat !== undefined && !(Number.isInteger(set.repeat) && (set.repeat as number) >= 1)) throw fail('the repeat count (an integer, at least 1)', `${at}.repeat`)
    if (!Array.isArray(set.shards) || !set.shards.every((s) => isShard(s) && isWholeShard(s))) throw fail('the shards held (a list of { index, count }, 1 <= index <= count)', `${at}.shards`)
    return { model: set.model, suites: [...(set.suites as string[])].sort(), ...(typeof set.filter === 'string' ? { filter: set.filter } : {}), ...(typeof set.repeat === 'number' ? { repeat: set.repeat } : {}), shards: set.shards as Shard[] }
  })
}
