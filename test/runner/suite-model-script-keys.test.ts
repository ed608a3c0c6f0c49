// A scripted judge's or simulated user's script key that names no case of the suite is a slip, said as a warning with
// its did-you-mean, as for the model under test. `runCase` and `describeSuite` (prepareCases) built and checked those
// models and dropped what the check returned; and a run asked about the cases run only, so a key for a case that
// --filter or --shard left out was warned as naming no case. Now both paths say the warnings, judged against every
// case of the suites.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { inShard } from '../../src/runner/shard.ts'
import { stderrOf, tempFiles } from '../helpers/cli.ts'
import { weatherToolsJson } from '../helpers/two-city-suite.ts'

const judge = '{ final: { judge: { model: "scripted:judge.yaml", rubric: Says the weather. } } }'
const verdict = `  - content: '{"score": 1, "reason": "Fine."}'`

/** Oslo and Paris are judged by a scripted judge; Rome is talked to by a scripted simulated user. */
function suiteDir(judgeKeys: readonly string[], userKeys: readonly string[]): string {
  return tempFiles({
    'tools.json': weatherToolsJson,
    'suite.yaml': [
      'name: keyed',
      'tools: ./tools.json',
      'cases:',
      `  - { id: oslo, prompt: Weather in Oslo?, expect: ${judge} }`,
      `  - { id: paris, prompt: Weather in Paris?, expect: ${judge} }`,
      '  - { id: rome, user: { model: "scripted:users.yaml", instructions: You are Ada., max_messages: 1 }, expect: { calls: [] } }',
    ].join('\n'),
    'judge.yaml': judgeKeys.map((key) => `${key}:\n${verdict}`).join('\n'),
    'users.yaml': userKeys.map((key) => `${key}:\n  - content: Weather in Rome?`).join('\n'),
  })
}

/** The model under test: answers at once, checks nothing. */
const agent: Provider = { id: 'agent', doGenerate: () => Promise.resolve({ text: 'Cold.', toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 }) }

describe('the script keys of a suite\'s judges and simulated users', () => {
  it('runCase says a judge\'s and a simulated user\'s key for no case of the suite, with its did-you-mean', async () => {
    const dir = suiteDir(['oslo', 'berlni'], ['rome', 'roma'])
    const suite = join(dir, 'suite.yaml')
    const judged = await stderrOf(() => runCase({ suite, case: 'oslo', model: agent }))
    expect(judged).toContain('judge.yaml: 1 script key names no case of the suites and will never be used: "berlni"')
    const talked = await stderrOf(() => runCase({ suite, case: 'rome', model: agent }))
    expect(talked).toContain('users.yaml: 1 script key names no case of the suites and will never be used: "roma" (did you mean "rome"?)')
  })

  it('runCase of one case does not warn of a key for another case of the suite', async () => {
    const dir = suiteDir(['oslo', 'paris', 'osloo'], ['rome'])
    const stderr = await stderrOf(() => runCase({ suite: join(dir, 'suite.yaml'), case: 'oslo', model: agent }))
    expect(stderr).toContain('judge.yaml: 1 script key names no case of the suites and will never be used: "osloo" (did you mean "oslo"?)')
  })

  // A shard that holds paris and not oslo (the split hashes suite/case: 4/5 today).
  const shard = [2, 3, 4, 5, 6].flatMap((count) => [...Array(count).keys()].map((index) => ({ index: index + 1, count }))).find((candidate) => inShard('keyed', 'paris', candidate) && !inShard('keyed', 'oslo', candidate))
  it.each([
    ['--filter', { filter: 'paris' }],
    ['--shard', { shard }],
  ])('a run that %s leaves a judged case out warns only of the key naming no case of the suite', async (_, selection) => {
    expect(selection).not.toEqual({ shard: undefined })
    const dir = suiteDir(['oslo', 'paris', 'pariss'], ['rome'])
    const warnings: string[] = []
    await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [agent.id], providers: [agent], outDir: join(dir, 'out'), onWarning: (warning) => warnings.push(warning), ...selection })
    expect(warnings.filter((warning) => warning.includes('script key'))).toEqual([expect.stringContaining('judge.yaml: 1 script key names no case of the suites and will never be used: "pariss" (did you mean "paris"?)')])
  })
})
