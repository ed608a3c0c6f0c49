import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scoreResults } from '../../../src/bfcl/score.ts'
import { checkDecodedTurns } from '../../../src/bfcl/multi-turn/check-entry.ts'
import { idOrder, loadMultiTurnCategory } from '../../../src/bfcl/multi-turn/data.ts'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { hasSharedData, sharedData, sharedTitle } from '../../helpers/shared-data.ts'

type Golden = { model: string; category: string; id: string; valid: boolean; error_type: string | null; error_turn: number | null }

const ready = hasSharedData('bfcl-multi-turn')
const categories = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param'] as const
const implemented = (classes: readonly string[]) => classes.every((name) => environmentFactories[name])

describe.skipIf(!ready)(sharedTitle('BFCL multi-turn verdicts', 'bfcl-multi-turn'), () => {
  it('the ground truth replayed as the model output is valid on every entry whose classes are implemented', () => {
    const failures: string[] = []
    let checked = 0
    for (const category of categories) {
      const entries = [...loadMultiTurnCategory(sharedData('bfcl-multi-turn', 'bfcl'), category).values()].sort((a, b) => idOrder(a.id, b.id))
      const process = new Map<string, unknown>()
      for (const entry of entries) {
        if (!implemented(entry.involvedClasses)) continue
        checked++
        const verdict = checkDecodedTurns(entry, entry.groundTruth.map((turn) => (turn.length > 0 ? [turn] : [])), { process, longContext: false })
        if (!verdict.valid) failures.push(`${entry.id}: ${verdict.errorType} turn ${verdict.errorTurn}`)
      }
    }
    console.log(`ground truth self-check: ${checked - failures.length}/${checked} valid`)
    expect(checked).toBeGreaterThan(0)
    expect(failures).toEqual([])
  })

  it('bfcl score agrees with golden.jsonl on validity, error type and error turn for every scored entry', () => {
    const golden = new Map(readFileSync(sharedData('bfcl-multi-turn', 'golden.jsonl'), 'utf8').split('\n').filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Golden).map((g) => [`${g.model}|${g.id}`, g]))
    const run = scoreResults({ dataDir: sharedData('bfcl-multi-turn', 'bfcl'), resultsDir: sharedData('bfcl-multi-turn', 'results', '2025-11-12-harmony-fixes', 'result') })
    const tally = new Map<string, { agree: number; scored: number }>()
    const disagreements: string[] = []
    for (const verdict of run.verdicts) {
      if (!verdict.category.startsWith('multi_turn')) continue
      const model = verdict.model.split("/")[0]!
      const want = golden.get(`${model}|${verdict.id}`)!
      const key = `${model} ${verdict.category}`
      const t = tally.get(key) ?? { agree: 0, scored: 0 }
      t.scored++
      if (want.valid === verdict.valid && want.error_type === verdict.error_type && want.error_turn === (verdict.error_turn ?? null)) t.agree++
      else disagreements.push(`${key} ${verdict.id}: BFCL ${want.error_type}@${want.error_turn}, toolgauge ${verdict.error_type}@${verdict.error_turn}`)
      tally.set(key, t)
    }
    for (const [key, t] of tally) console.log(`${key}: ${t.agree}/${t.scored} scored entries agree (of 200)`)
    expect(disagreements).toEqual([])
    // The per-category header BFCL writes (correct/total) comes out the same.
    for (const summary of run.summaries) {
      const model = summary.model.split('/')[0]!
      for (const category of categories) {
        const score = summary.categories[category]
        if (!score) continue
        const want = [...golden.values()].filter((g) => g.model === model && g.category === category)
        expect([score.correct, score.total]).toEqual([want.filter((g) => g.valid).length, want.length])
      }
    }
  })
})
