import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bfclCaseVerdict } from '../../src/bfcl/case-verdict.ts'
import { loadCategory } from '../../src/bfcl/data.ts'
import { entryVerdict } from '../../src/bfcl/entry-verdict.ts'
import { groundTruthResult } from './self-check.ts'
import { scoreResults } from '../../src/bfcl/score.ts'
import { resultToTurn } from '../../src/bfcl/to-scripted.ts'
import { readResultFile } from '../../src/bfcl/results.ts'
import { pyToJsonText } from '../../src/bfcl/py/to-json.ts'
import { hasSharedData, sharedData, sharedTitle } from '../helpers/shared-data.ts'

type Manifest = Record<string, { mode: 'fc' | 'prompt'; underscore_to_dot: boolean; golden: boolean; categories: Record<string, number> }>
type Golden = { model: string; category: string; id: string; valid: boolean; error_type: string | null }

const ready = hasSharedData('bfcl-results') && hasSharedData('bfcl')

describe.skipIf(!ready)(sharedTitle('BFCL parity with golden.jsonl', 'bfcl-results'), () => {
  const manifest = (): Manifest => JSON.parse(readFileSync(sharedData('bfcl-results', 'manifest.json'), 'utf8')) as Manifest
  const golden = (): Map<string, Golden> => new Map(readFileSync(sharedData('bfcl-results', 'golden.jsonl'), 'utf8').split('\n')
    .filter((line) => line.trim()).map((line) => JSON.parse(line) as Golden).map((entry) => [`${entry.model}|${entry.id}`, entry]))

  it('bfcl score agrees with BFCL on every golden entry (valid and error_type)', () => {
    const expected = golden()
    let compared = 0
    const disagreements: string[] = []
    for (const [model, info] of Object.entries(manifest())) {
      if (!info.golden) continue
      const run = scoreResults({ dataDir: sharedData('bfcl'), resultsDir: sharedData('bfcl-results', 'results', model), underscoreToDot: info.underscore_to_dot })
      expect(run.modes[model]).toBe(info.mode)
      for (const verdict of run.verdicts) {
        const want = expected.get(`${model}|${verdict.id}`)
        if (!want) continue
        compared++
        if (want.valid !== verdict.valid || want.error_type !== verdict.error_type) {
          disagreements.push(`${model} ${verdict.id}: BFCL ${want.error_type}, toolgauge ${verdict.error_type}`)
        }
      }
    }
    expect(disagreements).toEqual([])
    expect(compared).toBe(expected.size)
  })

  it('one run over the whole results folder, the flag kept off for FC models that kept dots, agrees too', () => {
    const expected = golden()
    const keepDotsFor = Object.entries(manifest()).filter(([, info]) => info.mode === 'fc' && !info.underscore_to_dot).map(([model]) => model)
    const run = scoreResults({ dataDir: sharedData('bfcl'), resultsDir: sharedData('bfcl-results', 'results'), underscoreToDot: true, keepDotsFor })
    const compared = run.verdicts.filter((verdict) => expected.has(`${verdict.model}|${verdict.id}`))
    expect(compared).toHaveLength(expected.size)
    const disagreements = compared.filter((verdict) => {
      const want = expected.get(`${verdict.model}|${verdict.id}`)!
      return want.valid !== verdict.valid || want.error_type !== verdict.error_type
    })
    expect(disagreements).toEqual([])
    expect(run.summaries).toHaveLength(Object.keys(manifest()).length)
  })

  it('bfclCaseVerdict on the replayed turns gives the same verdicts as bfcl score (every golden model)', () => {
    const expected = golden()
    let compared = 0
    for (const [model, info] of Object.entries(manifest())) {
      if (!info.golden) continue
      for (const category of Object.keys(info.categories)) {
        const data = loadCategory(sharedData('bfcl'), category)
        for (const line of readResultFile(sharedData('bfcl-results', 'results', model, `BFCL_v4_${category}_result.json`))) {
          const entry = data.entries.get(line.id)!
          const turn = resultToTurn(line.result)
          const calls = 'tool_calls' in turn ? turn.tool_calls.map((call) => ({ name: call.name, rawArguments: call.arguments })) : []
          const verdict = bfclCaseVerdict(
            { category, answer: entry.answer === undefined ? null : pyToJsonText(entry.answer), functions: entry.docs },
            { calls, text: 'content' in turn ? turn.content : '' },
            { underscoreToDot: info.underscore_to_dot },
          )
          const want = expected.get(`${model}|${line.id}`)!
          expect({ id: line.id, valid: verdict.valid, errorType: verdict.errorType }).toEqual({ id: line.id, valid: want.valid, errorType: want.error_type })
          compared++
        }
      }
    }
    expect(compared).toBe(expected.size)
  })

  it('reproduces the official 2025-12-16 leaderboard figures of the three recent models', () => {
    const board: Record<string, Record<string, number>> = {
      'gpt-4.1-2025-04-14-FC': { simple_python: 91.0, multiple: 89.0, parallel: 88.0, parallel_multiple: 81.5, live_simple: 69.38, live_parallel: 56.25, live_parallel_multiple: 70.83 },
      'claude-opus-4-5-20251101-FC': { simple_python: 96.5, multiple: 95.5, parallel: 93.5, parallel_multiple: 88.5, live_simple: 86.43, live_parallel: 87.5, live_parallel_multiple: 75.0 },
      'meta-llama_Llama-3.3-70B-Instruct-FC': { simple_python: 96.25, parallel: 90.0, parallel_multiple: 91.0, irrelevance: 66.67 },
    }
    for (const [model, figures] of Object.entries(board)) {
      const info = manifest()[model]!
      const run = scoreResults({ dataDir: sharedData('bfcl'), resultsDir: sharedData('bfcl-results', 'results', model), underscoreToDot: info.underscore_to_dot })
      const summary = run.summaries[0]!
      for (const [category, percent] of Object.entries(figures)) {
        expect(Math.round(summary.categories[category]!.accuracy * 10000) / 100, `${model} ${category}`).toBe(percent)
      }
    }
  })
})

describe.skipIf(!hasSharedData('bfcl'))(sharedTitle('BFCL possible-answer self-check', 'bfcl'), () => {
  it('first options pass 2347 of 2351 AST entries; the 4 failures are the entries no output can pass', () => {
    const failing: string[] = []
    let passed = 0
    for (const category of ['simple_python', 'multiple', 'parallel', 'parallel_multiple', 'live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple']) {
      for (const entry of loadCategory(sharedData('bfcl'), category).entries.values()) {
        const verdict = entryVerdict({ category, docs: entry.docs, answer: entry.answer!, result: groundTruthResult(entry.answer!, entry.docs, { mangleNames: true }), mode: 'fc', underscoreToDot: true })
        if (verdict.valid) passed++
        else failing.push(entry.id)
      }
    }
    expect(passed).toBe(2347)
    expect(failing.sort()).toEqual(['live_multiple_862-181-3', 'live_multiple_964-207-0', 'live_simple_106-63-0', 'live_simple_112-68-0'])
  })
})
