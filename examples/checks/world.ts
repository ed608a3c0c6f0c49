// An order store: refund records each refund in the state, so a check can read what happened.
type State = { refunds: string[] }

export function createWorld(state: State) {
  return {
    refund({ order_id }: { order_id: string }) {
      state.refunds.push(order_id)
      return { ok: true }
    },
  }
}
