import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { intersects, placeLabels } from '../../src/report/html/label-layout.ts'

const panel = { x: 50, y: 20, width: 450, height: 240 }

describe('placeLabels', () => {
  it('keeps every label inside the panel and apart from every other, wherever the points are', () => {
    const point = fc.record({ cx: fc.double({ min: 50, max: 500, noNaN: true }), cy: fc.double({ min: 20, max: 260, noNaN: true }), text: fc.string({ minLength: 1, maxLength: 90 }) })
    fc.assert(fc.property(fc.array(point, { minLength: 1, maxLength: 8 }), (points) => {
      const labels = placeLabels(points, panel)
      for (const [i, label] of labels.entries()) {
        expect(label.box.x).toBeGreaterThanOrEqual(panel.x)
        expect(label.box.y).toBeGreaterThanOrEqual(panel.y)
        expect(label.box.x + label.box.width).toBeLessThanOrEqual(panel.x + panel.width)
        expect(label.box.y + label.box.height).toBeLessThanOrEqual(panel.y + panel.height)
        for (const other of labels.slice(i + 1)) expect(intersects(label.box, other.box)).toBe(false)
      }
    }))
  })

  it('puts a label right of its point when there is room, and left of it at the right edge', () => {
    const [free, edge] = placeLabels([{ cx: 100, cy: 100, text: 'model-a' }, { cx: 495, cy: 200, text: 'model-b' }], panel)
    expect(free!.x).toBe(108)
    expect(edge!.box.x + edge!.box.width).toBeLessThanOrEqual(487)
  })

  it('shortens a label wider than the panel in its middle, keeping its end', () => {
    const [label] = placeLabels([{ cx: 60, cy: 100, text: `${'x'.repeat(100)} · terse` }], panel)
    expect(label!.text).toMatch(/^x+…x* · terse$/)
    expect(label!.full).toBe(`${'x'.repeat(100)} · terse`)
  })
})
