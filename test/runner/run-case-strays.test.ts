// The library's runCase installs the process guard a run has (runner/process-guard.ts): an error nothing awaited
// that the case's own code threw — a live stub's timer — ends that case as harness_error, as `toolgauge run` does,
// instead of reaching the test runner as an unhandled error (or crashing a plain Node process) while the case passes.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCase } from '../../src/runner/run-one-case.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityUserSuite } from '../helpers/two-city-suite.ts'

const stubs = [
  'export async function weather(args) {',
  '  if (args.city === "Oslo") {',
  '    setTimeout(() => { throw new Error("late boom") }, 0)',
  '    await new Promise((resolve) => setTimeout(resolve, 50))',
  '  }',
  '  return { temp: 12 }',
  '}',
].join('\n')

describe('runCase with a stub whose timer throws', () => {
  it('ends that case as harness_error naming the error; the next case passes; the guard is off again after', async () => {
    const dir = tempFiles(twoCityUserSuite('stray', { stubs }))
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]
    const request = { suite: join(dir, 'suite.yaml'), model: `scripted:${join(dir, 'script.yaml')}` }
    const oslo = await runCase({ ...request, case: 'oslo' })
    expect(oslo.result.verdict).toBe('errored')
    expect(oslo.result.failures).toEqual([{ kind: 'harness_error', message: expect.stringContaining('an error nothing awaited was thrown while the case ran') }])
    expect(oslo.result.failures[0]?.message).toContain('Error: late boom')
    const paris = await runCase({ ...request, case: 'paris' })
    expect(paris.result.verdict, JSON.stringify(paris.result.failures)).toBe('passed')
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(before)
  })
})
