// Batch mode's progress (issue 27: "Progress shows batches submitted, running, done, and what each has cost").
import { describe, expect, it } from 'vitest'
import { priceTable202611 } from '../../src/pricing/index.ts'
import { BatchProgress } from '../../src/runner/batch-progress.ts'
import { ProgressLine } from '../../src/runner/progress.ts'

const model = 'openai:gpt-4.1-mini'
const turn = (batch: string | undefined, input: number, output: number) =>
  ({ usage: { input, output, cacheRead: 0, cacheWrite: 0 }, ...(batch ? { batch } : {}) }) as never

describe('batch progress', () => {
  it('counts batches submitted, running and done per model, each priced at the batch rate from the turns it answered', () => {
    const progress = new BatchProgress(priceTable202611)
    expect(progress.event({ type: 'submitted', model, id: 'b1', entries: 2 })).toBe(`${model}: batch b1 submitted (2 requests)`)
    expect(progress.event({ type: 'polled', model, id: 'b1', status: { state: 'running' } })).toBeUndefined()
    expect(progress.summary()).toEqual([`${model} batches 1 submitted · 1 running · 0 done`])
    expect(progress.event({ type: 'done', model, id: 'b1', state: 'completed' })).toBe(`${model}: batch b1 completed`)
    progress.event({ type: 'submitted', model, id: 'b2', entries: 2 })
    // A case answered by two batches: each turn's usage goes to its own batch (gpt-4.1-mini in batch: 0.2 / 0.8 per million).
    progress.result({ model, turns: [turn('b1', 1_000_000, 0), turn('b2', 0, 1_000_000)] })
    progress.result({ model, turns: [turn('b1', 1_000_000, 0), turn(undefined, 1_000_000, 0)] })
    expect(progress.summary()).toEqual([`${model} batches 2 submitted · 1 running · 1 done · $1.2000`])
    expect(progress.perBatch()).toEqual([
      `${model}: batch b1, 2 requests, completed, $0.4000 at the batch rate`,
      `${model}: batch b2, 2 requests, submitted, $0.8000 at the batch rate`,
    ])
  })

  it('shows on the progress line and prints each batch event above it', () => {
    let text = ''
    const stream = { isTTY: true, write: (chunk: string) => { text += chunk; return true } } as unknown as NodeJS.WriteStream
    const line = new ProgressLine(3, stream, true)
    line.batches = new BatchProgress(priceTable202611)
    line.note(line.batches.event({ type: 'submitted', model, id: 'b1', entries: 3 })!)
    expect(text).toContain(`${model}: batch b1 submitted (3 requests)\n`)
    expect(text.split('\r\x1b[2K').at(-1)).toMatch(new RegExp(`^0/3 cases .* · ${model} batches 1 submitted · 1 running · 0 done$`))
  })
})
