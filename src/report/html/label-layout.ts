/** A box on the chart, in SVG user units. */
export type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** A label to place beside its point (cx, cy). */
export type LabelRequest = { readonly cx: number; readonly cy: number; readonly text: string }

/** A placed label: its text (shortened to fit the panel when needed), baseline origin and the box it covers. */
export type PlacedLabel = { readonly text: string; readonly full: string; readonly x: number; readonly y: number; readonly box: Box }

/** Sizes of the chart's 12px labels: a width per character on the generous side, so estimated boxes hold the drawn text. */
const labelMetrics = { charWidth: 7.5, height: 15, ascent: 11, gap: 8, dotRadius: 5 } as const

/**
 * Places point labels inside the panel without overlapping each other (nor, where there is room, any point): for
 * each label, top to bottom, the first free spot among right of its point, left of it, then the same one line
 * further down or up, and so on. A label wider than the panel is shortened in its middle with `…` (the full
 * text stays in `full`). The text widths are estimated (`labelMetrics.charWidth`), so no browser is needed to lay out the page.
 */
export function placeLabels(requests: readonly LabelRequest[], panel: Box): PlacedLabel[] {
  const m = labelMetrics
  const dots: Box[] = requests.map((r) => ({ x: r.cx - m.dotRadius, y: r.cy - m.dotRadius, width: 2 * m.dotRadius, height: 2 * m.dotRadius }))
  const placed: PlacedLabel[] = []
  const order = requests.map((_, index) => index).sort((a, b) => (requests[a]!.cy - requests[b]!.cy) || (requests[a]!.cx - requests[b]!.cx))
  const result: PlacedLabel[] = new Array(requests.length)
  for (const index of order) {
    const request = requests[index]!
    const text = fitText(request.text, panel.width - 2)
    const width = text.length * m.charWidth
    const spots = candidates(request, width, panel)
    const free = (box: Box, avoidDots: boolean) => placed.every((other) => !intersects(box, other.box)) && (!avoidDots || dots.every((dot) => !intersects(box, dot)))
    const spot = spots.find((box) => free(box, true)) ?? spots.find((box) => free(box, false)) ?? spots[0]!
    const label = { text, full: request.text, x: spot.x, y: spot.y + m.ascent, box: spot }
    placed.push(label)
    result[index] = label
  }
  return result
}

/** Whether two boxes overlap (touching edges do not). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** The text, or its start and end around `…` when it is too wide: the end names the variant, so it stays. */
function fitText(text: string, maxWidth: number): string {
  const fits = Math.floor(maxWidth / labelMetrics.charWidth)
  if (text.length <= fits) return text
  const tail = Math.floor((fits - 1) / 2)
  return `${text.slice(0, Math.max(1, fits - 1 - tail))}…${text.slice(text.length - tail)}`
}

/** Spots beside the point, nearest first, each clamped into the panel. */
function candidates(request: LabelRequest, width: number, panel: Box): Box[] {
  const m = labelMetrics
  const top = request.cy - m.height - 1
  const sides = [request.cx + m.gap, request.cx - m.gap - width]
  const spots: Box[] = []
  const rows = Math.ceil(panel.height / m.height)
  for (let step = 0; step <= rows; step++) {
    for (const offset of step === 0 ? [0] : [step * m.height, -step * m.height]) {
      for (const x of sides) spots.push(clamp({ x, y: top + offset, width, height: m.height }, panel))
    }
  }
  return spots
}

function clamp(box: Box, panel: Box): Box {
  const x = Math.min(Math.max(box.x, panel.x + 1), panel.x + panel.width - box.width - 1)
  const y = Math.min(Math.max(box.y, panel.y + 1), panel.y + panel.height - box.height - 1)
  return { x, y, width: box.width, height: box.height }
}
