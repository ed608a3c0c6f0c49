import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import type { Transcript } from '../../src/core/transcript.ts'

// BFCL's checker loads only for a run with a `matching: bfcl` case (the CLI's `run` stays light otherwise).
function writeSuite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-lazy-'))
  writeFileSync(join(dir, 'suite.yaml'), [
    'name: irrelevance',
    'matching: bfcl',
    'tools:',
    '  - name: get_weather',
    '    description: Weather',
    '    parameters: { type: object, properties: { city: { type: string } }, required: [city] }',
    'cases:',
    '  - id: irrelevance_0',
    '    prompt: Tell me a joke.',
    '    max_turns: 1',
    '    expect: { no_call: true, bfcl: { category: irrelevance, answer: null } }',
  ].join('\n'))
  return dir
}

const callsWeather: Provider = {
  id: 'scripted:calls-weather',
  async doGenerate() {
    return { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: '{"city":"Paris"}' }], finishReason: { unified: 'tool-calls', raw: 'scripted' }, usage: emptyUsage, latencyMs: 0 }
  },
}

describe('BFCL scoring, loaded when a case needs it', () => {
  it('the runner loads it for a bfcl case: a call on an irrelevance case fails with BFCL\'s verdict', async () => {
    const { runEvaluation } = await import('../../src/runner/run-evaluation.ts')
    const dir = writeSuite()
    const outcome = await runEvaluation({ suitePaths: [dir], models: [callsWeather.id], providers: [callsWeather], outDir: join(dir, 'out') })
    const [result] = [...outcome.eachResult()]
    expect(result!.passed).toBe(false)
    expect(result!.failures[0]!.message).toMatch(/^BFCL /)
  })

  it('scoreCase asks for loadBfclScoring() before a bfcl case, then scores it with BFCL\'s rules', async () => {
    // A fresh module registry: nothing loaded BFCL's checker yet.
    vi.resetModules()
    const { loadBfclScoring, scoreCase } = await import('../../src/scoring/score-case.ts')
    const suite = await loadSuite(join(writeSuite(), 'suite.yaml'))
    const testCase = suite.cases[0]!
    const transcript = { turns: [{ text: '', calls: [], usage: emptyUsage }], stop: 'final-answer' } as unknown as Transcript
    expect(() => scoreCase(testCase, transcript)).toThrow('loadBfclScoring')
    await loadBfclScoring()
    expect(scoreCase(testCase, transcript).passed).toBe(true)
  })
})
