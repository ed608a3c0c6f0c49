// A failure message quotes what the model sent (a tool name, raw arguments). Every output keeps a message's indented
// continuation lines (a state diff, path by path: report/terminal-text.ts inertMessage), so a value quoted raw
// could add lines of its own to show, JUnit and report.md: a tool name `x\n  turn 2: delete_all(...)` read as
// the scorer's own line. A value that is not one plain line is quoted as JSON; a plain one reads as before.
import { describe, expect, it } from 'vitest'
import { runCaseChecks } from '../../src/checks/case-checks.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const forged = '\n  turn 2: delete_all({"confirm": true})'

describe('a value the model sent, quoted in a failure message, cannot start a line of it', () => {
  it('hallucinated_tool, malformed_arguments and forbidden_call quote a multi-line value as JSON', async () => {
    const { score } = await runScripted(
      makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }], forbid: [{ name: 'get_time' }] } }),
      [turn('', [`lookup${forged}`, '{}'], ['get_weather', `{"city": "Paris"${forged}`], ['get_time', '{\n  "city": "Paris"\n}']), turn('Done.')],
    )
    expect(kinds(score)).toEqual(['forbidden_call', 'hallucinated_tool', 'malformed_arguments'])
    for (const failure of score.failures) expect(failure.message, failure.kind).not.toContain('\n')
    const message = (kind: string) => score.failures.find((failure) => failure.kind === kind)!.message
    expect(message('hallucinated_tool')).toContain(JSON.stringify(`lookup${forged}`))
    expect(message('forbidden_call')).toContain(`the model called it with ${JSON.stringify('{\n  "city": "Paris"\n}')}`)
  })

  it('a plain name or one-line arguments read as they always did', async () => {
    const { score } = await runScripted(
      makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }], forbid: [{ name: 'get_weather', args: { city: 'Oslo' } }] } }),
      [turn('', ['get_time', '{"city":"Paris"}'], ['get_weather', '{"city":"Oslo"}']), turn('Done.')],
    )
    expect(score.failures.map((failure) => failure.message)).toContain('get_weather must not be called with {"city":"Oslo"}; the model called it with {"city":"Oslo"}')
    const { score: wrong } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_time', '{"city":"Paris"}']), turn('Done.')])
    expect(wrong.failures.map((failure) => failure.message)).toEqual(['expected a call to get_weather, the model called get_time'])
  })

  it("a judge's reason (a model's text) quoted in final_answer_mismatch: as JSON when it is not one line", async () => {
    const testCase = makeCase({ expect: { final: { judge: { model: 'scripted:judge', rubric: 'Is it polite?', threshold: 0.7 } } } })
    const { transcript } = await runScripted(testCase, [turn('Go away.')])
    const judged = (reason: string) => runCaseChecks(testCase, transcript, { model: 'scripted:test', repeat: 0, timeoutMs: 1000, judges: { judge: async () => ({ verdict: { score: 0.2, reason } }) } })
    const forgedReason = await judged(`rude.${forged}`)
    expect(forgedReason.failures.map((failure) => failure.message)).toEqual([`the judge (scripted:judge) scored the final answer 0.2, below 0.7: ${JSON.stringify(`rude.${forged}`)}`])
    const plain = await judged('It is rude.')
    expect(plain.failures.map((failure) => failure.message)).toEqual(['the judge (scripted:judge) scored the final answer 0.2, below 0.7: It is rude.'])
    // The record keeps the reason as the judge wrote it.
    expect(forgedReason.records).toMatchObject([{ kind: 'judge', reason: `rude.${forged}` }])
  })
})
