// Hooks run around every valid tool call of this suite, like an app's middleware would.
type Call = { name: string; arguments?: unknown }

/** Protected events cannot be cancelled: the model gets a tool error instead of the stub's result. */
export function beforeToolCall(call: Call) {
  const args = call.arguments as { event_id?: string } | undefined
  if (call.name === 'cancel_event' && args?.event_id === 'evt-board-meeting') {
    return { reject: 'Error: the board meeting is protected and cannot be cancelled.' }
  }
  return undefined
}

/** Stamp created events with a confirmation code, as a real backend would. */
export function afterToolCall(call: Call, result: unknown) {
  if (call.name === 'create_event' && typeof result === 'object' && result !== null) {
    return { result: { ...result, confirmation: 'CONF-7731' } }
  }
  return undefined
}
