import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import { isPlainObject } from '../core/plain-object.ts'

/** One share of a sharded run (`run.shard`): `--shard 2/4` is { index: 2, count: 4 }. */
export type Shard = { readonly index: number; readonly count: number }

/**
 * The shards of one model's sharded run a merged report holds (report.json `run.merged.shardSets`): the model, its
 * suites and `--filter`, and each shard present — so a later merge of the merged report checks the set as it
 * checks shard reports (a shard a partial merge lacked is still missing; merged with it, the set is whole).
 */
export type ShardSetRecord = { readonly model: string; readonly suites: readonly string[]; readonly filter?: string; readonly shards: readonly Shard[] }

/** The shards of one sharded run: its shard reports, and how messages name the run (empty when it is the only one). */
export type ShardSet = { readonly label: string; readonly suites: readonly string[]; readonly shards: readonly { readonly file: string; readonly shard: Shard }[] }

type Input = { readonly file: string; readonly report: Report }
type ShardRun = { readonly model: string; readonly suites: readonly string[]; readonly filter?: string; readonly shards: { readonly file: string; readonly shard: Shard }[] }

/**
 * The shard reports grouped by the run they are shards of. A shard's cases are a share of its suites' cases (after
 * --filter), and each model of it ran that share: shard 1/2 of one model and shard 2/2 of another are halves of two
 * runs, not one whole run — each model's gates would read half its cases. So a set is one model × suites × filter,
 * and each needs all its shards; models whose shards are the same reports are one set (a run of several models).
 * A merged input counts with the shards it recorded holding.
 */
export function shardSets(inputs: readonly Input[]): ShardSet[] {
  const sets = new Map<string, { models: string[]; plan: string; suites: readonly string[]; shards: ShardRun['shards'] }>()
  for (const run of shardRuns(inputs)) {
    const plan = `suites ${run.suites.join(', ')}${run.filter !== undefined ? `, --filter ${run.filter}` : ''}`
    const key = JSON.stringify([plan, run.shards.map((s) => s.file)])
    const set = sets.get(key) ?? { models: [], plan, suites: run.suites, shards: run.shards }
    set.models.push(run.model)
    sets.set(key, set)
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
 * Refuses a shard set whose reports ran different versions of a suite: its case count (`run.suites[].cases`, the
 * suite's cases before --filter and --shard) differs. The split hashes each case id over the shards, so a case one
 * version added (or dropped) may fall in a shard run on the other version: in no report, while the merged gates
 * judge what is there as the whole run.
 */
export function checkOneSuiteVersion(set: ShardSet, reportOf: (file: string) => Report): void {
  const counted = new Map<string, { readonly cases: number; readonly file: string }>()
  for (const file of new Set(set.shards.map((s) => s.file))) {
    reportOf(file).run.suites.forEach((suite, index) => {
      if (!set.suites.includes(suite.name) || typeof suite.cases !== 'number') return
      const first = counted.get(suite.name)
      if (!first) counted.set(suite.name, { cases: suite.cases, file })
      else if (first.cases !== suite.cases) {
        throw new InputError(`shard reports${set.label} ran different versions of suite "${suite.name}": ${suite.cases} cases here but ${first.cases} in ${first.file} — the cases one version has and the other lacks may be in no shard; run every shard on the same suite files`, { file, field: `run.suites[${index}].cases` })
      }
    })
  }
}

/** What the merged report records of the shard sets it holds: each model's run and its shards, in index order. */
export function shardSetRecords(inputs: readonly Input[]): ShardSetRecord[] {
  return shardRuns(inputs).map(({ model, suites, filter, shards }) => {
    const held = new Map(shards.map(({ shard }) => [JSON.stringify([shard.count, shard.index]), shard]))
    return { model, suites, ...(filter !== undefined ? { filter } : {}), shards: [...held.values()].sort((a, b) => a.count - b.count || a.index - b.index) }
  })
}

export function isShard(value: unknown): value is Shard {
  return typeof value === 'object' && value !== null && typeof (value as Shard).index === 'number' && typeof (value as Shard).count === 'number'
}

/** Each model × suites × filter's shards, from shard reports (`run.shard`) and merged ones (`run.merged.shardSets`). */
function shardRuns(inputs: readonly Input[]): ShardRun[] {
  const byRun = new Map<string, ShardRun>()
  const add = (model: string, suites: readonly string[], filter: string | undefined, file: string, shard: Shard) => {
    const key = JSON.stringify([model, suites, filter ?? null])
    const run = byRun.get(key) ?? { model, suites, ...(filter !== undefined ? { filter } : {}), shards: [] }
    run.shards.push({ file, shard })
    byRun.set(key, run)
  }
  for (const { file, report } of inputs) {
    const { shard, filter } = report.run
    for (const set of recordedSets(file, report)) for (const held of set.shards) add(set.model, set.suites, set.filter, file, held)
    if (!isShard(shard)) continue
    const suites = [...new Set(report.run.suites.map((suite) => suite.name))].sort()
    for (const model of report.run.models.length > 0 ? [...new Set(report.run.models)] : ['']) add(model, suites, typeof filter === 'string' ? filter : undefined, file, shard)
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
    if (set.filter !== undefined && typeof set.filter !== 'string') throw fail('the --filter (a string)', `${at}.filter`)
    const valid = (s: unknown) => isShard(s) && Number.isInteger(s.index) && Number.isInteger(s.count) && s.index >= 1 && s.index <= s.count
    if (!Array.isArray(set.shards) || !set.shards.every(valid)) throw fail('the shards held (a list of { index, count }, 1 <= index <= count)', `${at}.shards`)
    return { model: set.model, suites: [...(set.suites as string[])].sort(), ...(typeof set.filter === 'string' ? { filter: set.filter } : {}), shards: set.shards as Shard[] }
  })
}
