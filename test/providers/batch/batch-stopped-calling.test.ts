// A batch run against a server nothing answers: once the unreachable-server breaker has tripped
// (http/unreachable-breaker.ts), a batch it stops from being submitted leaves its cases not sent, and they are
// marked so (failures[].stoppedCalling) as in a run without --batch. The SDK wraps the breaker's error in its own
// ("Connection error."): the mark is found down the cause chain, never read off the message. A batch that was
// submitted is not "not sent", whatever stops its polls.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { ProviderError } from '../../../src/core/errors.ts'
import type { CaseResult } from '../../../src/core/result.ts'
import { runMain, tempFiles } from '../../helpers/cli.ts'
import { closedPort } from '../../helpers/closed-port.ts'
import { projectRoot } from '../../helpers/shared-data.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { writeBatchSuite } from './batch-suite.ts'
import { batchedChatProvider, memoryBatchApi } from './memory-batch-api.ts'
import { runEvaluation } from '../../../src/runner/run-evaluation.ts'

const saved = { url: process.env.ANTHROPIC_BASE_URL, key: process.env.ANTHROPIC_API_KEY }
afterEach(() => {
  for (const [name, value] of [['ANTHROPIC_BASE_URL', saved.url], ['ANTHROPIC_API_KEY', saved.key]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

const suite = join(projectRoot, 'examples/first-suite/suite.yaml')

// Each --repeat-until round is one batch (4 cases): three submissions that never connected trip the breaker, and
// rounds 4 and 5 are never sent.
it('with --batch and nothing listening: the cases of the rounds whose batch the breaker stopped are marked not sent, and the end counts them', async () => {
  const port = await closedPort()
  process.env.ANTHROPIC_BASE_URL = `http://127.0.0.1:${port}`
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test-key'
  const out = tempFiles({})
  const run = await runMain(['run', suite, '--model', 'anthropic:claude-haiku-4-5', '--batch', '--batch-poll', '0.02', '--retries', '0', '--repeat-until', '5', '--min-accuracy', '0.75', '--out', out])
  expect(run.code, run.stderr).toBe(3)
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: CaseResult[] }
  expect(report.results).toHaveLength(20)
  expect(report.results.every((result) => result.failures[0]?.kind === 'provider_error')).toBe(true)
  const target = `http://127.0.0.1:${port}/v1/messages/batches`
  const marks = [0, 1, 2, 3, 4].map((repeat) => [...new Set(report.results.filter((result) => result.repeat === repeat).map((result) => result.failures[0]?.stoppedCalling))])
  expect(marks).toEqual([[undefined], [undefined], [undefined], [target], [target]])
  const stopped = run.stderr.split('\n').filter((line) => line.startsWith('Stopped calling'))
  expect(stopped).toEqual([`Stopped calling ${target}: nothing answered there, so 8 cases of anthropic:claude-haiku-4-5 were not sent to it (provider_error) — is the server running, and is the base URL right?`])
})

it('a batch whose polls the breaker stops was sent: its cases are not marked not sent', async () => {
  const api = memoryBatchApi(weatherModel)
  const stop = new ProviderError('stopped calling http://127.0.0.1:9/v1/batches: nothing answered there', { retries: 0, stoppedCalling: 'http://127.0.0.1:9/v1/batches' })
  // As the SDK throws it: its own error around the one our fetch threw.
  api.status = async () => { throw new Error('Connection error.', { cause: new Error(stop.message, { cause: stop }) }) }
  const dir = tempFiles({})
  const suitePath = writeBatchSuite(join(dir, 'suite'), [1, 1])
  const provider = batchedChatProvider(api)
  const outcome = await runEvaluation({ suitePaths: [suitePath], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 2 })
  expect(api.submitted).toHaveLength(1)
  expect(outcome.report.results.map((result) => [result.failures[0]?.kind, result.failures[0]?.stoppedCalling])).toEqual([['provider_error', undefined], ['provider_error', undefined]])
})
