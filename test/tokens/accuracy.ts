import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import { readRecordedUsage } from './recorded-usage.ts'
import type { CountMethod } from '../../src/tokens/types.ts'

// The accuracy of the offline counters against real API usage, per counting family: computed once here for the
// test (test/tokens/recorded-usage.test.ts) and for the docs table (scripts/tokens-accuracy.ts).

/** One recorded request replayed: what the API reported, what toolgauge counts and the bound it states. */
export type AccuracyRow = {
  readonly id: string
  readonly rules: string
  readonly method: CountMethod
  readonly expected: number
  readonly actual: number
  readonly confidence: number
}

/** One family's accuracy: n, exact, within ±3, within the stated bound, median error (counted − reported). */
export type FamilyAccuracy = {
  readonly rules: string
  readonly methods: readonly CountMethod[]
  readonly n: number
  readonly exact: number
  readonly within3: number
  readonly withinBound: number
  readonly medianError: number
  /** The largest stated bound in the family, for the table. */
  readonly maxBound: number
}

/** Replays every request of a recorded-usage JSONL file through countToolTokens (whole prompt vs reported input). */
export async function replayRecordedUsage(file: string): Promise<AccuracyRow[]> {
  const rows: AccuracyRow[] = []
  for (const recorded of readRecordedUsage(file)) {
    const count = await countToolTokens({ ...recorded.request, perTool: false })
    rows.push({ id: recorded.id, rules: count.rules ?? count.family, method: count.method, expected: recorded.expected, actual: count.promptTokens, confidence: count.confidence })
  }
  return rows
}

/** The family of a rules label: the part before `:` (`openai chat: gpt-4o generation` → `openai chat`). */
function familyOf(rules: string): string {
  const colon = rules.indexOf(':')
  return colon === -1 ? rules : rules.slice(0, colon)
}

/** Groups rows by counting family (largest first) and summarizes each group. */
export function accuracyByFamily(rows: readonly AccuracyRow[]): FamilyAccuracy[] {
  const groups = new Map<string, AccuracyRow[]>()
  for (const row of rows) groups.set(familyOf(row.rules), [...(groups.get(familyOf(row.rules)) ?? []), row])
  return [...groups.entries()].map(([rules, members]) => {
    const errors = members.map((row) => row.actual - row.expected)
    return {
      rules,
      methods: [...new Set(members.map((row) => row.method))],
      n: members.length,
      exact: errors.filter((e) => e === 0).length,
      within3: errors.filter((e) => Math.abs(e) <= 3).length,
      withinBound: members.filter((row) => Math.abs(row.actual - row.expected) <= row.confidence).length,
      medianError: median(errors),
      maxBound: members.reduce((max, row) => (row.confidence > max ? row.confidence : max), 0),
    }
  }).sort((a, b) => b.n - a.n || a.rules.localeCompare(b.rules))
}

/** The markdown table of docs/tokens.md "Accuracy against real usage". */
export function renderAccuracyTable(families: readonly FamilyAccuracy[]): string {
  const lines = [
    '| family | method | n | exact | within ±3 | within stated bound | median error | largest bound |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const f of families) {
    const share = `${f.withinBound} (${Math.round((f.withinBound / f.n) * 100)}%)`
    lines.push(`| ${f.rules} | ${f.methods.join(', ')} | ${f.n} | ${f.exact} | ${f.within3} | ${share} | ${f.medianError > 0 ? '+' : ''}${f.medianError} | ±${f.maxBound} |`)
  }
  return lines.join('\n')
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
