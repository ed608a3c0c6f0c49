import { isDeepStrictEqual } from 'node:util'
import { InputError } from '../core/errors.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { resultKey } from '../report/journal.ts'
import { caseRunName } from '../report/repeat-label.ts'

/** One input's copy of a result: its file and its place there (`results[i]`, which the refusal names). */
type Copy = { readonly result: CaseResult; readonly file: string; readonly index: number }

/** The result's fields that record what the model was sent and sent back: two runs that differ here are two transcripts. */
const transcriptFields: readonly string[] = ['turns', 'messages', 'calls', 'conversation', 'initialState', 'simulator']

/** What the inputs hold once each, and what choosing had to say. */
export type KeptCopies = { readonly results: readonly CaseResult[]; readonly duplicates: number; readonly warnings: readonly string[] }

/**
 * One result per suite + case + model + repeat (+ variant), in the order each was first seen. Copies that are the same
 * result (the same JSON: overlapping shards, a merged report merged with one of its inputs) are kept once. Copies that
 * differ are two runs of one case, and merge has nothing to choose by: keeping the first made the merged verdicts,
 * figures and exit code follow the order of the files, so it is refused (an InputError naming the case, both files
 * and what differs). An errored copy alone is no verdict (an outage, the harness): it yields to the judged copies, in
 * whichever input they come — as `--resume` runs an errored result again and keeps the new one —, with a warning.
 * Every copy is looked at before one is chosen, so the outcome (kept, or refused) never depends on the order.
 */
export function keepOneCopy(inputs: readonly { readonly file: string; readonly report: { readonly results: readonly CaseResult[] } }[]): KeptCopies {
  const copies = new Map<string, Copy[]>()
  for (const { file, report } of inputs) report.results.forEach((result, index) => getOrCreate(copies, resultKey(result), (): Copy[] => []).push({ result, file, index }))
  const results: CaseResult[] = []
  const warnings: string[] = []
  let duplicates = 0
  for (const group of copies.values()) {
    duplicates += group.length - 1
    const judged = group.filter((copy) => verdictOf(copy.result) !== 'errored')
    const candidates = judged.length > 0 ? judged : group
    const kept = candidates[0]!
    const other = candidates.find((copy) => !sameResult(copy.result, kept.result))
    if (other) throw disagreement(kept, other)
    if (judged.length > 0 && judged.length < group.length) {
      const verdict = verdictOf(kept.result)
      for (const copy of group) if (verdictOf(copy.result) === 'errored') warnings.push(`${caseRunName(kept.result)}: errored in ${copy.file} (no verdict), ${verdict} in ${kept.file}; kept the ${verdict} result`)
    }
    results.push(kept.result)
  }
  return { results, duplicates, warnings }
}

/** The same result as report.json stores it: the same JSON value (key order and absent-vs-undefined aside). */
function sameResult(a: CaseResult, b: CaseResult): boolean {
  if (a === b) return true
  const [left, right] = [JSON.stringify(a), JSON.stringify(b)]
  return left === right || isDeepStrictEqual(JSON.parse(left), JSON.parse(right))
}

/** The refusal of two copies that differ: where the second sits, both files, and the first difference that matters most. */
function disagreement(first: Copy, here: Copy): InputError {
  const [a, b] = [verdictOf(first.result), verdictOf(here.result)]
  const fields = [...new Set([...Object.keys(first.result), ...Object.keys(here.result)])]
    .filter((field) => !isDeepStrictEqual(asJson(first.result, field), asJson(here.result, field)))
  const transcript = fields.filter((field) => transcriptFields.includes(field))
  const parts = [
    ...(a !== b ? [`verdict ${a} in ${first.file}, ${b} in ${here.file}`] : []),
    ...(transcript.length > 0 ? [`the transcripts differ: ${transcript.join(', ')}`] : []),
    // The fingerprint hashes all that decides a verdict (runner/fingerprint.ts): the two ran different inputs.
    ...(fields.includes('fingerprint') ? ['the fingerprints differ: the case, its modules, the model or its settings were not the same'] : []),
  ]
  const what = parts.length > 0 ? parts.join('; ') : `these fields differ: ${fields.join(', ')}`
  return new InputError(`${caseRunName(here.result)}: ${first.file} and ${here.file} hold different copies of this case run (${what}) — two runs of one case, and merge has nothing to choose one by: merge only one report holding it, or run the case again`, { file: here.file, field: `results[${here.index}]` })
}

/** One field of a result as JSON carries it (undefined when JSON would leave it out). */
function asJson(result: CaseResult, field: string): unknown {
  const json = JSON.stringify((result as Record<string, unknown>)[field])
  return json === undefined ? undefined : JSON.parse(json) as unknown
}
