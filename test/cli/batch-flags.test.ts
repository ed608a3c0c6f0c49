// `--batch` and `--batch-poll` (issue 27, "Batch APIs"): what batch mode cannot do together with is a usage error
// up front, and a model without a batch API runs as usual with one warning.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/shared-data.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const suite = join(projectRoot, 'suites/weather')

function expectUsage(result: { code: number; stderr: string }, ...fragments: string[]): void {
  expect(result.code, result.stderr).toBe(2)
  for (const fragment of fragments) expect(result.stderr).toContain(fragment)
  expect(result.stderr).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/)
}

describe('run --batch', () => {
  it.each([
    [['--stream'], '--batch and --stream exclude each other'],
    [['--record', 'cassettes'], '--batch and --record exclude each other'],
    [['--replay', 'cassettes'], '--batch and --replay exclude each other'],
  ])('refuses --batch with %s (exit 2)', async (flags, message) => {
    const out = tempFiles({})
    expectUsage(await runMain(['run', suite, '--model', 'baseline', '--batch', ...flags, '--out', out]), message)
  })

  it.each(['0', '100000', 'soon', ''])('refuses --batch-poll %j (exit 2)', async (value) => {
    const out = tempFiles({})
    expectUsage(await runMain(['run', suite, '--model', 'baseline', '--batch', '--batch-poll', value, '--out', out]), '--batch-poll', 'expected a number >= 0.001')
  })

  it('refuses --batch-resubmit without --resume (exit 2): it only decides what a resumed run sends again', async () => {
    const out = tempFiles({})
    expectUsage(await runMain(['run', suite, '--model', 'baseline', '--batch', '--batch-resubmit', '--out', out]), '--batch-resubmit', '--resume')
  })

  it('runs a model without a batch API as usual, with one warning', async () => {
    const out = tempFiles({})
    const result = await runMain(['run', suite, '--model', 'baseline', '--batch', '--batch-poll', '0.5', '--out', out])
    expect(result.code, result.stderr).not.toBe(2)
    expect(result.stderr.match(/has no batch API/g)).toHaveLength(1)
    expect(result.stderr).toContain('warning: baseline has no batch API: its requests are sent one by one')
  })

  it('refuses the batch: true setting together with stream: true on an HTTP model (exit 2)', async () => {
    const out = tempFiles({})
    expectUsage(
      await runMain(['run', suite, '--model', 'openai:gpt-4o-mini', '--set', 'batch=true', '--set', 'stream=true', '--out', out]),
      'batch mode and streaming exclude each other',
    )
  })
})
