import { mean } from '../stats/mean.ts'

/** Correct/total/accuracy of one category (accuracy = correct / result lines, in 0..1). */
export type CategoryScore = { readonly correct: number; readonly total: number; readonly accuracy: number }

/** A BFCL group aggregate; `missing` lists categories BFCL counts as 0 ("N/A" on its board). */
export type GroupScore = { readonly accuracy: number; readonly complete: boolean; readonly missing: readonly string[] }

/** One model's scores: per category and BFCL's group aggregates. */
export type ModelSummary = {
  readonly model: string
  readonly categories: { readonly [category: string]: CategoryScore }
  readonly groups: {
    readonly non_live: GroupScore
    readonly live: GroupScore
    readonly hallucination: GroupScore
    readonly relevance: GroupScore
    readonly multi_turn: GroupScore
  }
}

// Entry counts BFCL weights the Live group with when a category was not run (bfcl-rules.md §2).
const datasetCounts: { readonly [category: string]: number } = { live_simple: 258, live_multiple: 1053, live_parallel: 16, live_parallel_multiple: 24 }

/** Accuracy of a category as BFCL computes it. */
export function categoryScore(correct: number, total: number): CategoryScore {
  return { correct, total, accuracy: total === 0 ? 0 : correct / total }
}

/**
 * BFCL's aggregation (eval_runner_helper, bfcl-rules.md §12.4): Non-Live = unweighted mean of Simple (itself the
 * mean of python/java/javascript), multiple, parallel, parallel_multiple; Live = count-weighted; Hallucination
 * (irrelevance detection) = mean of irrelevance and live_irrelevance; Relevance = live_relevance; Multi Turn = mean of
 * the four multi-turn categories. Missing = 0.
 */
export function groupScores(categories: ModelSummary['categories']): ModelSummary['groups'] {
  const acc = (name: string) => categories[name]?.accuracy ?? 0
  const group = (accuracy: number, names: readonly string[]): GroupScore => {
    const missing = names.filter((name) => !categories[name])
    return { accuracy, complete: missing.length === 0, missing }
  }
  const simple = ['simple_python', 'simple_java', 'simple_javascript']
  const nonLive = ['multiple', 'parallel', 'parallel_multiple']
  const live = ['live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple']
  const multiTurn = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context']
  const weight = (name: string) => categories[name]?.total ?? datasetCounts[name] ?? 0
  const liveWeight = live.reduce((sum, name) => sum + weight(name), 0)
  return {
    non_live: group(mean([mean(simple.map(acc)), ...nonLive.map(acc)]), [...simple, ...nonLive]),
    live: group(liveWeight === 0 ? 0 : live.reduce((sum, name) => sum + acc(name) * weight(name), 0) / liveWeight, live),
    hallucination: group(mean(['irrelevance', 'live_irrelevance'].map(acc)), ['irrelevance', 'live_irrelevance']),
    relevance: group(acc('live_relevance'), ['live_relevance']),
    multi_turn: group(mean(multiTurn.map(acc)), multiTurn),
  }
}
