/**
 * Per-request abort signals that follow a run's signal without piling listeners onto it.
 *
 * The SDKs add an abort listener to the signal of every request and never remove it; given the run's one signal,
 * that is a listener per request for the whole run (Node's MaxListenersExceededWarning after 10, and memory that
 * grows with the run). Each request gets a signal of its own instead, and the run's signal holds at most one
 * listener — shared by the requests in flight, removed when the last of them ends.
 */
type Fanout = { readonly children: Set<AbortController>; readonly listener: () => void }

const fanouts = new WeakMap<AbortSignal, Fanout>()

/** A signal for one request that aborts with `parent`; call `release` when the request has ended. */
export function requestSignal(parent: AbortSignal | undefined): { readonly signal: AbortSignal | undefined; release(): void } {
  if (!parent) return { signal: undefined, release() {} }
  const controller = new AbortController()
  if (parent.aborted) {
    controller.abort(parent.reason)
    return { signal: controller.signal, release() {} }
  }
  const fanout = fanouts.get(parent) ?? attach(parent)
  fanout.children.add(controller)
  return {
    signal: controller.signal,
    release() {
      fanout.children.delete(controller)
      if (fanout.children.size > 0 || fanouts.get(parent) !== fanout) return
      parent.removeEventListener('abort', fanout.listener)
      fanouts.delete(parent)
    },
  }
}

function attach(parent: AbortSignal): Fanout {
  const children = new Set<AbortController>()
  const listener = () => {
    for (const child of children) child.abort(parent.reason)
  }
  parent.addEventListener('abort', listener, { once: true })
  const fanout = { children, listener }
  fanouts.set(parent, fanout)
  return fanout
}
