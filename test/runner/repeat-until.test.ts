// --repeat-until <N>: repeats in rounds; a unanimous case stops once its remaining repeats cannot move a
// min-accuracy decision (curtailed sampling, deterministic worst case), and the final check re-opens stopped cases
// when they could. The property: on the same results (the early run sees a prefix of each case's N), the gate
// decision on the mean of per-case pass rates is always the one all N repeats give.
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { planTasks } from '../../src/runner/run-plan.ts'
import { caseMeanPassRate, RepeatRounds } from '../../src/runner/repeat-until.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

type Outcome = 'passed' | 'failed' | 'errored'

/** Runs the scheduler over pre-drawn outcomes (case × repeat), as the runner would; returns what each case ran. */
function simulate(outcomes: readonly (readonly Outcome[])[], max: number, thresholds: readonly number[]) {
  const plan = planTasks(outcomes.length, 1, max)
  const rounds = new RepeatRounds(plan, max, () => thresholds)
  const ran = outcomes.map(() => [] as Outcome[])
  for (let round = rounds.next(); round.length > 0; round = rounds.next()) {
    for (const task of round) {
      const verdict = outcomes[task.caseIndex]![task.repeat]!
      ran[task.caseIndex]!.push(verdict)
      rounds.record(task, { model: 'm', verdict, passed: verdict === 'passed', failures: [] } as unknown as CaseResult)
    }
  }
  return { ran, record: rounds.summary() }
}

function meanOf(results: readonly (readonly Outcome[])[]): number | null {
  return caseMeanPassRate(results.map((runs) => ({ passed: runs.filter((o) => o === 'passed').length, scored: runs.filter((o) => o !== 'errored').length })))
}

const decision = (mean: number | null, threshold: number) => mean !== null && mean >= threshold

// A suite: 80% of cases stable (pass probability 0 or 1), the rest flaky; a few outages; a uniform draw per repeat.
const suites = fc.record({
  max: fc.integer({ min: 2, max: 12 }),
  // Thresholds near the full run's mean (where a wrong stop would show), and anywhere.
  offsets: fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 1, maxLength: 2 }),
  anywhere: fc.double({ min: 0, max: 1, noNaN: true }),
  cases: fc.array(fc.record({ kind: fc.integer({ min: 0, max: 9 }), p: fc.double({ min: 0, max: 1, noNaN: true }), draws: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 12, maxLength: 12 }) }), { minLength: 1, maxLength: 30 }),
})

function outcomesOf(suite: { readonly max: number; readonly cases: readonly { kind: number; p: number; draws: readonly number[] }[] }): Outcome[][] {
  return suite.cases.map(({ kind, p, draws }) => {
    const pass = kind < 4 ? 1 : kind < 8 ? 0 : p
    return draws.slice(0, suite.max).map((u): Outcome => (u < 0.03 ? 'errored' : u < 0.03 + 0.97 * pass ? 'passed' : 'failed'))
  })
}

describe('--repeat-until', () => {
  it('gives, on the same results, the gate decision of all N repeats for every threshold (error rate 0)', () => {
    fc.assert(fc.property(suites, (suite) => {
      const outcomes = outcomesOf(suite)
      const full = meanOf(outcomes) ?? 0.5
      const thresholds = [...suite.offsets.map((offset) => Math.min(1, Math.max(0, full + offset))), suite.anywhere]
      const { ran } = simulate(outcomes, suite.max, thresholds)
      // The early run saw a prefix of each case's results, never a result the full run would not have.
      ran.forEach((runs, index) => expect(runs).toEqual(outcomes[index]!.slice(0, runs.length)))
      for (const threshold of thresholds) expect(decision(meanOf(ran), threshold)).toBe(decision(meanOf(outcomes), threshold))
    }), { numRuns: 1000 })
  })

  it('stays exact on small suites of flaky cases, where a stop taken on a guess is most often wrong', () => {
    const flaky = fc.record({
      max: fc.integer({ min: 2, max: 6 }),
      offset: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
      cases: fc.array(fc.array(fc.constantFrom<Outcome>('passed', 'failed', 'passed', 'failed', 'errored'), { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
    })
    fc.assert(fc.property(flaky, ({ max, offset, cases }) => {
      const outcomes = cases.map((runs) => runs.slice(0, max))
      const threshold = Math.min(1, Math.max(0, (meanOf(outcomes) ?? 0.5) + offset))
      const { ran } = simulate(outcomes, max, [threshold])
      expect(decision(meanOf(ran), threshold)).toBe(decision(meanOf(outcomes), threshold))
    }), { numRuns: 2000 })
  })

  it('saves repeats when the decision is clear: stable cases far from the threshold stop early, flaky ones run N', () => {
    // 16 cases always pass, 4 always fail, 5 flip a coin in turn: mean 0.8 + 0.1 · 0.5 ≈ 0.85 against 0.5.
    const outcomes: Outcome[][] = [
      ...Array.from({ length: 16 }, () => Array<Outcome>(10).fill('passed')),
      ...Array.from({ length: 4 }, () => Array<Outcome>(10).fill('failed')),
      ...Array.from({ length: 5 }, () => Array.from({ length: 10 }, (_, r): Outcome => (r % 2 === 0 ? 'passed' : 'failed'))),
    ]
    const { ran, record } = simulate(outcomes, 10, [0.5])
    expect(ran.slice(20).every((runs) => runs.length === 10)).toBe(true)
    expect(record.repeatsRun).toBeLessThan(250)
    expect(record).toMatchObject({ max: 10, rule: 'curtailed-worst-case', planned: 250 })
    expect(decision(meanOf(ran), 0.5)).toBe(true)
  })

  it('re-opens stopped cases when the final figures leave too little margin, and then runs them to N', () => {
    // Two stable-looking cases stop early; the flaky ones end near the threshold, so the check re-opens them.
    const outcomes: Outcome[][] = [
      ['passed', 'passed', 'passed', 'failed', 'failed', 'failed'],
      ['passed', 'passed', 'passed', 'passed', 'passed', 'passed'],
      ['passed', 'failed', 'failed', 'failed', 'failed', 'failed'],
      ['failed', 'failed', 'failed', 'failed', 'failed', 'failed'],
    ]
    const { ran, record } = simulate(outcomes, 6, [0.4])
    for (const threshold of [0.4]) expect(decision(meanOf(ran), threshold)).toBe(decision(meanOf(outcomes), threshold))
    expect(ran[0]).toHaveLength(6)
    expect(record.reopened).toBeGreaterThan(0)
    // A stop taken on a guess that turns wrong: after round 1 (0/1 and 1/1, mean 0.5 over 0.38) the failing case stops
    // — it can only raise the mean. The other ends at 2/3, the mean at 1/3 < 0.38, which the stopped case could
    // still carry over (by up to 1/3): re-opened, it runs to N and the full run's pass (0.5) holds.
    const wrongGuess: Outcome[][] = [['failed', 'failed', 'passed'], ['passed', 'passed', 'failed']]
    const checked = simulate(wrongGuess, 3, [0.38])
    expect(decision(meanOf(checked.ran), 0.38)).toBe(true)
    expect(checked.ran[0]).toEqual(wrongGuess[0])
    expect(checked.record.reopened).toBe(1)
  })
})

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const cities = ['Rome', 'Oslo', 'Bern', 'Paris', 'Lima']
const suiteYaml = ['name: until', 'tools: ./tools.json', 'cases:',
  ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`)].join('\n')

/** Answers rome, oslo, bern, paris right every time; lima right on even repeats only; counts the first requests. */
function provider(asked: Map<string, number>): Provider {
  return {
    id: 'scripted:until',
    async doGenerate({ context }) {
      const first = context.turn === 0
      if (first) asked.set(context.caseId, (asked.get(context.caseId) ?? 0) + 1)
      const wrong = context.caseId === 'lima' && context.repeat % 2 === 1
      const city = wrong ? 'Quito' : context.caseId[0]!.toUpperCase() + context.caseId.slice(1)
      return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, latencyMs: 1 }
    },
  }
}

describe('--repeat-until through runEvaluation', () => {
  it('stops the stable cases, runs the flaky one N times, gates on caseMeanAccuracy and records the repeats', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml })
    const asked = new Map<string, number>()
    const outcome = await runEvaluation({ suitePaths: [dir], models: ['scripted:until'], providers: [provider(asked)], outDir: join(dir, 'out'), concurrency: 2, repeatUntil: 8, gates: [{ type: 'min-accuracy', threshold: 0.5 }] })
    const repeatsOf = (id: string) => outcome.report.results.filter((result) => result.case === id).map((result) => result.repeat)
    expect(repeatsOf('lima')).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    // Each stable case ran repeats 0..n−1 (a prefix of the N), asked the model exactly that often; some stopped early.
    const stable = ['rome', 'oslo', 'bern', 'paris']
    for (const id of stable) {
      expect(repeatsOf(id)).toEqual([...repeatsOf(id).keys()])
      expect(asked.get(id)).toBe(repeatsOf(id).length)
    }
    expect(Math.min(...stable.map((id) => repeatsOf(id).length))).toBeLessThan(8)
    const run = outcome.report.run.repeatUntil as { repeatsRun: number; planned: number; max: number }
    expect(run).toMatchObject({ max: 8, rule: 'curtailed-worst-case', planned: 40, repeatsRun: outcome.report.results.length })
    expect(run.repeatsRun).toBeLessThan(40)
    const row = outcome.report.summary[0]!
    // Four cases at 1, lima at 4/8: the mean of per-case rates is 0.9; pooled accuracy would weigh lima's 8.
    expect(row.caseMeanAccuracy).toBeCloseTo(0.9, 12)
    expect(outcome.gates[0]).toMatchObject({ name: 'min-accuracy', value: row.caseMeanAccuracy, passed: true, gate: { perCaseMean: true } })
    // pass^k only for k up to the fewest repeats any case ran.
    const fewest = Math.min(...cities.map((city) => repeatsOf(city.toLowerCase()).length))
    expect(Object.keys(row.passHatK as object)).toHaveLength(fewest)
    expect(outcome.exitCode).toBe(0)
  })

  it('refuses what it cannot honour: no min-accuracy gate, other metric gates, --shard, --resume (exit 2, named)', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml })
    const cases = [
      [['--repeat-until', '4'], 'needs a --min-accuracy gate'],
      [['--repeat-until', '4', '--min-accuracy', '0.5', '--shard', '1/2'], 'cannot run as a shard'],
      [['--repeat-until', '4', '--min-accuracy', '0.5', '--resume'], '--resume does not continue'],
    ] as const
    for (const [flags, message] of cases) {
      const refused = await runMain(['run', dir, '--model', 'baseline', '--out', join(dir, 'cli'), ...flags])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(message)
      expect(refused.stderr).toContain('--repeat-until')
    }
    const rates = runEvaluation({ suitePaths: [dir], models: ['baseline'], outDir: join(dir, 'lib'), repeatUntil: 4, gates: [{ type: 'min-accuracy', threshold: 0.5 }, { type: 'max-hallucinated-tool-rate', threshold: 0.1 }] })
    await expect(rates).rejects.toThrow(/max-hallucinated-tool-rate is a rate over calls/)
  })
})
