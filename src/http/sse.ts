/** One server-sent event: its `event:` name (when it has one), its `data:` text, and when it arrived. */
export type SseEvent = {
  readonly event?: string
  readonly data: string
  /** Milliseconds from the request's start to the arrival of the chunk that completed this event (0 in replay). */
  readonly atMs: number
}

/** When each piece of a body arrived: the body's length (in UTF-16 units) after the piece, and the time. */
export type Arrival = { readonly end: number; readonly atMs: number }

/** True for an event-stream answer (`Content-Type: text/event-stream`). */
export function isEventStream(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').includes('text/event-stream')
}

/**
 * The events of an event-stream body, as the SSE standard reads them: `data:` lines joined with newlines, `event:`
 * kept, comments and `id:`/`retry:` left out, an event dispatched at a blank line. A last event the stream never
 * closed with a blank line is still returned (the SDKs' decoders flush it too). `arrivals` times each event by the
 * piece of the body that completed it.
 */
export function parseSse(body: string, arrivals: readonly Arrival[] = []): SseEvent[] {
  const events: SseEvent[] = []
  let data: string[] = []
  let name: string | undefined
  let piece = 0
  let position = 0
  const timeAt = (offset: number): number => {
    while (piece < arrivals.length - 1 && arrivals[piece]!.end < offset) piece++
    return arrivals[piece]?.atMs ?? 0
  }
  const dispatch = (offset: number) => {
    if (data.length > 0) events.push({ ...(name !== undefined ? { event: name } : {}), data: data.join('\n'), atMs: timeAt(offset) })
    data = []
    name = undefined
  }
  const newlines = /\r\n|\n|\r/g
  while (position < body.length) {
    newlines.lastIndex = position
    const match = newlines.exec(body)
    const end = match ? match.index : body.length
    const next = match ? end + match[0].length : body.length
    const line = body.slice(position, end)
    if (line === '') dispatch(next)
    else if (!line.startsWith(':')) {
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1))
      if (field === 'data') data.push(value)
      else if (field === 'event') name = value
    }
    position = next
  }
  dispatch(body.length)
  return events
}
