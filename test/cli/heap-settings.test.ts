import { describe, expect, it } from 'vitest'
import { capsYoungGeneration, heapFlag } from '../../src/cli/heap-settings.ts'

describe('the CLI heap setting', () => {
  it('collects sooner than V8 would by itself (a growing factor of 1.2)', () => {
    expect(heapFlag([], undefined)).toBe('--heap-growing-percent=20')
    expect(heapFlag(['--enable-source-maps'], '--max-old-space-size=512')).toBe('--heap-growing-percent=20')
  })

  it('leaves a growing factor the user gave Node alone', () => {
    expect(heapFlag(['--heap-growing-percent=50'], undefined)).toBeUndefined()
    expect(heapFlag([], '--max-old-space-size=512 --heap_growing_percent=5')).toBeUndefined()
  })
})

describe('the CLI young-generation cap', () => {
  it('applies unless the user sized or paced the young generation through Node', () => {
    expect(capsYoungGeneration([], undefined)).toBe(true)
    expect(capsYoungGeneration(['--heap-growing-percent=50'], '--max-old-space-size=512')).toBe(true)
    expect(capsYoungGeneration(['--max-semi-space-size=16'], undefined)).toBe(false)
    expect(capsYoungGeneration(['--max-semi-space-size', '16'], undefined)).toBe(false)
    expect(capsYoungGeneration([], '--max_semi_space_size=2')).toBe(false)
    expect(capsYoungGeneration([], '--semi-space-growth-factor=4')).toBe(false)
  })
})
