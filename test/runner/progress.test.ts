import { describe, expect, it } from 'vitest'
import { priceTable202611 } from '../../src/pricing/index.ts'
import { BatchProgress } from '../../src/runner/batch-progress.ts'
import { ProgressLine } from '../../src/runner/progress.ts'
import { makeResult } from '../stats/make-result.ts'

/** A stream that keeps what was written, standing in for a TTY. */
function fakeTty(): { stream: NodeJS.WriteStream; written: () => string } {
  let text = ''
  const stream = { isTTY: true, write: (chunk: string) => { text += chunk; return true } } as unknown as NodeJS.WriteStream
  return { stream, written: () => text }
}

describe('progress line', () => {
  it('counts errored results apart from failed ones (an outage or a broken hook is no failure of the model)', () => {
    const tty = fakeTty()
    const progress = new ProgressLine(4, tty.stream, true)
    progress.record(makeResult({ case: 'a', passed: true }))
    progress.record(makeResult({ case: 'b', passed: false }))
    progress.record(makeResult({ case: 'c', passed: false, failures: [{ kind: 'harness_error', message: 'beforeToolCall threw' }] }))
    progress.record(makeResult({ case: 'd', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }))
    const last = tty.written().split('\r\x1b[2K').at(-1) ?? ''
    expect(last).toMatch(/^4\/4 cases · 1 failed · 2 errored · /)
  })

  it('reads the verdict the runner stored on the result', () => {
    const tty = fakeTty()
    const progress = new ProgressLine(1, tty.stream, true)
    progress.record({ ...makeResult({ case: 'a', passed: false }), verdict: 'errored' })
    expect(tty.written()).toContain('0 failed · 1 errored')
  })
})

describe('progress line in batch mode', () => {
  it("prints the batches' model labels inert (a label comes from the config or a flag)", () => {
    const tty = fakeTty()
    const progress = new ProgressLine(2, tty.stream, true)
    progress.batches = new BatchProgress(priceTable202611)
    progress.batches.event({ type: 'submitted', model: 'evil\u001b]0;pwned\u0007\u202e', id: 'b1', entries: 2 })
    progress.record(makeResult({ case: 'a', passed: true }))
    const last = tty.written().split('\r\x1b[2K').at(-1) ?? ''
    expect(last).toContain('evil\\x1b]0;pwned\\x07\\u202e batches 1 submitted')
    expect(last).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/)
  })
})
