// Issue 24, "Results and replay": conversations through the runner — a world never leaks between cases, repeats and
// models under concurrency; results carry the conversation and initial state; --resume (its fingerprint covers the
// world module and the initial state), --shard with merge, and variants work for conversations.
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const caseIds = ['c1', 'c2', 'c3', 'c4']

/** A world that counts its calls in its state, after a random pause (so concurrent cases interleave). */
const world = `export function createWorld(state, context) {
  return {
    async add() {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)))
      state.calls++
      state.by = context.model + '/' + context.repeat + '/' + context.caseId
      return { calls: state.calls }
    },
  }
}
`

function counterSuite(): string {
  const cases = caseIds.map((id) => `  - id: ${id}
    state: { calls: 0, case: ${id} }
    conversation:
      - user: Add one.
        expect: { calls: [{ name: add }], state: { calls: 1 } }
      - user: Again.
        expect: { calls: [{ name: add }], state: { calls: 2 } }
    expect: { state: { calls: 2, case: ${id} }, max_calls: 2 }
`).join('')
  return `name: counter
world: { module: ./world.mjs }
tools:
  - { name: add, description: Add one to the counter, parameters: { type: object, properties: {} } }
cases:
${cases}`
}

/** Each case: a call, an answer, a call, an answer (the turns are consumed across the two messages). */
const script = caseIds.map((id) => `${id}:
  - tool_calls: [{ id: a, name: add, arguments: {} }]
  - content: one
  - tool_calls: [{ id: b, name: add, arguments: {} }]
  - content: two
`).join('')

function project() {
  const dir = tempFiles({ 'suite.yaml': counterSuite(), 'world.mjs': world, 'm1.yaml': script, 'm2.yaml': script, 'm3.yaml': script })
  return { dir, models: ['m1', 'm2', 'm3'].map((name) => `scripted:${join(dir, `${name}.yaml`)}`) }
}

const out = () => mkdtempSync(join(tmpdir(), 'toolgauge-conversations-'))
const comparable = (results: readonly CaseResult[]) =>
  results.map(({ latencyMs: _latency, ...rest }) => rest).sort((a, b) => `${a.case}/${a.model}/${a.repeat}`.localeCompare(`${b.case}/${b.model}/${b.repeat}`))

describe('conversations through the runner', () => {
  it('a world never leaks between cases, repeats and models: 4 cases × 3 models × 3 repeats at concurrency 8', async () => {
    const { dir, models } = project()
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models, outDir: out(), repeat: 3, concurrency: 8 })
    const results = outcome.report.results
    expect(results).toHaveLength(36)
    for (const result of results) {
      expect(result.failures, `${result.case} ${result.model} ${result.repeat}`).toEqual([])
      expect(result.initialState).toEqual({ calls: 0, case: result.case })
      // Each state was changed by this case × model × repeat's own world, and only by it.
      const by = `${result.model}/${result.repeat}/${result.case}`
      expect(result.conversation?.map((step) => step.state)).toEqual([{ calls: 1, case: result.case, by }, { calls: 2, case: result.case, by }])
      expect(result.conversation?.map((step) => [step.user, step.firstTurn, step.endTurn])).toEqual([['Add one.', 0, 2], ['Again.', 2, 4]])
      expect(result.metrics).toMatchObject({ messages: 2, messagesPassed: 2, taskPassed: true, stateChecks: 3, stateMatches: 3 })
      expect(result.turns.map((turn) => turn.message)).toEqual([0, 0, 1, 1])
    }
  })

  it('--resume keeps finished conversations; a changed world module or initial state runs them again', async () => {
    const { dir, models } = project()
    const suitePaths = [join(dir, 'suite.yaml')]
    const outDir = out()
    const first = await runEvaluation({ suitePaths, models: [models[0]!], outDir })
    const again = await runEvaluation({ suitePaths, models: [models[0]!], outDir, resume: true })
    expect(again.resumed?.kept).toBe(4)
    expect(comparable(again.report.results)).toEqual(comparable(first.report.results))
    appendFileSync(join(dir, 'world.mjs'), '// a change to the world\n')
    const changedWorld = await runEvaluation({ suitePaths, models: [models[0]!], outDir, resume: true })
    expect(changedWorld.resumed?.kept).toBe(0)
    writeFileSync(join(dir, 'suite.yaml'), counterSuite().replace('state: { calls: 0, case: c1 }', 'state: { calls: 0, case: c1, extra: 1 }'))
    const changedState = await runEvaluation({ suitePaths, models: [models[0]!], outDir, resume: true })
    expect(changedState.resumed?.kept).toBe(3)
  })

  it('shards of a conversation suite merge back into the unsharded run', async () => {
    const { dir, models } = project()
    const suitePaths = [join(dir, 'suite.yaml')]
    const full = await runEvaluation({ suitePaths, models: [models[0]!], outDir: out() })
    const shards = await Promise.all([1, 2].map((index) => runEvaluation({ suitePaths, models: [models[0]!], outDir: out(), shard: { index, count: 2 } })))
    const merged = mergeReports(shards.map((shard, index) => ({ file: `shard-${index + 1}`, report: shard.report }))).report
    expect(comparable(merged.results)).toEqual(comparable(full.report.results))
    expect(merged.results.every((result) => result.conversation?.length === 2)).toBe(true)
  })

  it('variants run a conversation with each variant\'s tools', async () => {
    const { dir, models } = project()
    writeFileSync(join(dir, 'terse.json'), JSON.stringify({ add: { description: 'Increment.' } }))
    writeFileSync(join(dir, 'suite.yaml'), counterSuite().replace('name: counter\n', 'name: counter\nvariants: { terse: ./terse.json }\n'))
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [models[0]!], outDir: out() })
    const variants = outcome.report.results.map((result) => result.variant ?? 'base').sort()
    expect(variants).toEqual(['base', 'base', 'base', 'base', 'terse', 'terse', 'terse', 'terse'])
    for (const result of outcome.report.results) {
      expect(result.verdict).toBe('passed')
      expect(result.conversation?.[1]?.state).toMatchObject({ calls: 2 })
    }
  })
})
