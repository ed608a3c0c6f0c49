// Which call a Chat Completions tool-call delta belongs to. OpenAI streams each call on an index of its own, and
// clients join the deltas by index. Some hosts do not: Ollama puts every call of a turn on index 0, each one opened by
// a delta with its own id and name (ollama/ollama#15457), so joining by index glues them into one call (a name
// "get_weatherget_time", arguments "{…}{…}") that would be scored as the model's. LM Studio and Kimi send a fresh id
// on every delta of one call, with the name on the first only: an id alone must not start a call. The stream check
// and the assembly both place deltas here, so the calls they see are the same calls.

/** The parts of a `delta.tool_calls[]` entry that say which call it is. */
export type CallDelta = { readonly index: number; readonly id?: unknown; readonly name?: unknown }

function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/**
 * Places the tool-call deltas of one choice, in stream order. A delta on an index no call used begins a call; one on
 * a used index continues the call last begun there — unless it carries both a name and an id other than the one
 * that call last carried: then it begins another call. Positions follow the order calls began, which for a host
 * keeping OpenAI's rule (index 0, 1, 2… in turn) is its indexes.
 */
export class CallPositions {
  private readonly latest = new Map<number, { readonly position: number; id: string | undefined }>()
  /** The host's index of each call, by position. */
  private readonly indexes: number[] = []

  /** The position of the delta's call among the turn's calls, in the order they began. */
  place(delta: CallDelta): number {
    const open = this.latest.get(delta.index)
    const id = isName(delta.id) ? delta.id : undefined
    const another = open !== undefined && id !== undefined && open.id !== undefined && id !== open.id && isName(delta.name)
    if (open && !another) {
      open.id = id ?? open.id
      return open.position
    }
    const position = this.indexes.length
    this.indexes.push(delta.index)
    this.latest.set(delta.index, { position, id })
    return position
  }

  /** The host's index of each call, by position, when some index carried more than one call; else undefined. */
  sharedIndexes(): readonly number[] | undefined {
    return new Set(this.indexes).size < this.indexes.length ? [...this.indexes] : undefined
  }
}
