// Which call a Chat Completions tool-call delta belongs to. OpenAI streams each call on an index of its own, and
// clients join the deltas by index. Some hosts do not: Ollama puts every call of a turn on index 0, each one opened by
// a delta with its own id and name (ollama/ollama#15457), so joining by index glues them into one call (a name
// "get_weatherget_time", arguments "{…}{…}") that would be scored as the model's. LM Studio and Kimi send a fresh id
// on every delta of one call, with the name on the first only: an id alone must not start a call. The stream check
// and the assembly both place deltas here, so the calls they see are the same calls.

/** The parts of a `delta.tool_calls[]` entry that say which call it is. */
export type CallDelta = { readonly index: number; readonly id?: unknown; readonly name?: unknown }

/** A tool name or id as a delta carries it: a non-empty string (an empty one says nothing). */
export function isName(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/**
 * Places the tool-call deltas of one choice, in stream order. A delta on an index no call used begins a call; one on
 * a used index continues the call there that last carried its id — else, unless it carries both a name and an id
 * other than the one that call last carried (then it begins another call), the call last begun there. Positions
 * follow the order calls began, which for a host keeping OpenAI's rule (index 0, 1, 2… in turn) is its indexes.
 */
export class CallPositions {
  /** The calls begun on each index, in the order they began, with the id each last carried. */
  private readonly begun = new Map<number, { readonly position: number; id: string | undefined }[]>()
  /** The host's index of each call, by position. */
  private readonly indexes: number[] = []

  /** The position of the delta's call among the turn's calls, in the order they began. */
  place(delta: CallDelta): number {
    const calls = this.begun.get(delta.index) ?? []
    const id = isName(delta.id) ? delta.id : undefined
    // An id names its call, even one begun before the latest on a shared index (a host interleaving calls' fragments).
    const named = calls.find((call) => id !== undefined && call.id === id)
    if (named) return named.position
    const open = calls.at(-1)
    // Else the latest call: an interleaving host's id-less fragments look the same, but one writing its calls in order
    // (as a model generates them) means no other, and refusing such a stream would error that host's every turn.
    const another = open?.id !== undefined && id !== undefined && isName(delta.name)
    if (open && !another) {
      open.id = id ?? open.id
      return open.position
    }
    const position = this.indexes.length
    this.indexes.push(delta.index)
    this.begun.set(delta.index, [...calls, { position, id }])
    return position
  }

  /** The host's index of each call, by position, when some index carried more than one call; else undefined. */
  sharedIndexes(): readonly number[] | undefined {
    return new Set(this.indexes).size < this.indexes.length ? [...this.indexes] : undefined
  }
}
