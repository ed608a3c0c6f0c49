// A caller's own Provider may check the run before its first request: `checkCases` (refuse cases it cannot serve,
// with an InputError; warn about slips) and `checkRequest` (a request shape it would refuse). Those are the caller's
// code: one that threw anything else — or an async checkCases, whose promise is no list of warnings — rejected the
// whole run with that raw error (a TypeError "is not iterable", a stack trace in the CLI). Now it is an InputError
// (exit 2, no stack trace) naming the model, the check and what it threw, before any request; an InputError it
// throws itself is passed on as it is.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { emptyUsage, type ModelTurn } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityCases, weatherToolsJson } from '../helpers/two-city-suite.ts'

const answer = (text: string): ModelTurn => ({ text, toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 })

/** A provider with the given checks that counts its requests (none may be sent when a check fails). */
function model(id: string, checks: Pick<Provider, 'checkCases' | 'checkRequest'>): Provider & { requests: number } {
  const provider = {
    id,
    requests: 0,
    ...checks,
    doGenerate: () => {
      provider.requests++
      return Promise.resolve(answer('{"score": 1, "reason": "ok"}'))
    },
  }
  return provider
}

function suiteDir(lines: readonly string[] = twoCityCases): string {
  return tempFiles({ 'tools.json': weatherToolsJson, 'suite.yaml': ['name: checked', 'tools: ./tools.json', ...lines].join('\n') })
}

/** What runEvaluation rejects with (it must reject). */
async function rejection(providers: readonly Provider[], models: readonly string[] = [providers[0]!.id], dir = suiteDir()): Promise<unknown> {
  const outcome = runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models, providers, outDir: join(dir, 'out'), concurrency: 1 })
  return outcome.then(() => expect.unreachable('the run should have stopped'), (error: unknown) => error)
}

describe('a caller\'s checkCases that throws', () => {
  it('stops the run before any request with an InputError naming the model, checkCases and what it threw', async () => {
    const agent = model('agent', { checkCases: () => { throw new RangeError('no script folder') } })
    const error = await rejection([agent])
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkCases of the model "agent" threw: RangeError: no script folder')
    expect(agent.requests).toBe(0)
  })

  it('a throw of a non-Error (null) is described too', async () => {
    const error = await rejection([model('agent', { checkCases: () => { throw null } })])
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkCases of the model "agent" threw: null')
  })

  it('an async checkCases (a promise, not a list of warnings) is an InputError saying what it returned', async () => {
    const error = await rejection([model('agent', { checkCases: (async () => ['late']) as unknown as Provider['checkCases'] })])
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkCases of the model "agent" returned a promise')
  })

  it('an InputError it throws (a case it cannot serve) is passed on unchanged', async () => {
    const refusal = new InputError('no script for case "oslo"', { field: 'script' })
    expect(await rejection([model('agent', { checkCases: () => { throw refusal } })])).toBe(refusal)
  })

  it('a judge\'s checkCases too, before the model under test\'s first request', async () => {
    const dir = suiteDir([
      'cases:',
      '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [], final: { judge: { model: my-judge, rubric: Says the weather. } } } }',
    ])
    const agent = model('agent', {})
    const error = await rejection([agent, model('my-judge', { checkCases: () => { throw new Error('judge misconfigured') } })], ['agent'], dir)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkCases of the model "my-judge" threw: Error: judge misconfigured')
    expect(agent.requests).toBe(0)
  })

  it('runCase of the library: the same InputError', async () => {
    const agent = model('agent', { checkCases: () => { throw new Error('boom') } })
    const error = await runCase({ suite: join(suiteDir(), 'suite.yaml'), case: 'oslo', model: agent }).then(() => undefined, (thrown: unknown) => thrown)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkCases of the model "agent" threw: Error: boom')
    expect(agent.requests).toBe(0)
  })
})

describe('a caller\'s checkRequest that throws', () => {
  it('stops the run before any request with an InputError naming the model, checkRequest, the case and what it threw', async () => {
    const agent = model('agent', { checkRequest: () => { throw new TypeError('cannot read tools') } })
    const error = await rejection([agent])
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkRequest of the model "agent" threw on case "oslo": TypeError: cannot read tools')
    expect(agent.requests).toBe(0)
  })

  it('runCase of the library: the same InputError', async () => {
    const agent = model('agent', { checkRequest: () => { throw 'nope' } })
    const error = await runCase({ suite: join(suiteDir(), 'suite.yaml'), case: 'paris', model: agent }).then(() => undefined, (thrown: unknown) => thrown)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('the checkRequest of the model "agent" threw on case "paris": nope')
  })
})
