import type { CaseResult, ResultTurn } from '../../src/core/result.ts'
import { formatStateDifferences, matchState } from '../../src/matchers/state-matchers.ts'
import { makeResult } from '../stats/make-result.ts'

/** A stored turn: its global index, the 0-based user message it answers, its text and calls. */
function conversationTurn(index: number, message: number, text: string, calls: { name: string; rawArguments: string }[] = []): ResultTurn {
  return {
    index,
    message,
    request: { toolChoice: 'auto', toolSet: 'retail-tools' },
    text,
    calls: calls.map((call, n) => ({ id: `call_${index}_${n}`, ...call, check: { knownTool: true, wellFormed: true, schemaIssues: [] } })),
    finishReason: calls.length > 0 ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
    usage: { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 },
    latencyMs: 5,
    retries: 0,
    toolResults: calls.map((call, n) => ({ callId: `call_${index}_${n}`, name: call.name, source: 'live' as const, result: { ok: true }, content: '{"ok":true}', isError: false, hooks: [] })),
  }
}

/** The world's states: before, after message 1 (unchanged), after message 2 (the return was not recorded), after 3. */
const initialState = { orders: { 'O-1': { status: 'delivered', total: 40 } }, refunds: [] }
const unchanged = initialState
const afterReturn = { orders: { 'O-1': { status: 'delivered', total: 40, note: 'arrived broken' } }, refunds: [{ order: 'O-1', amount: 40 }] }

/** The structural diff the scorer would report for message 2's `expect.state`. */
export const messageTwoDiff = formatStateDifferences(matchState({ orders: { 'O-1': { status: 'return_requested' } } }, afterReturn))

/**
 * A failed three-message conversation against a world, as a run would store it: message 1 answered by two turns
 * (a call, then text), message 2 by a wrong call and a text the model wrote with a terminal escape and markup in
 * it, message 3 by text; a state mismatch after message 2 and a forbidden call judged on the whole conversation.
 */
export function conversationResult(overrides: Partial<CaseResult> = {}): CaseResult {
  return makeResult({
    suite: 'retail',
    case: 'return-broken-order',
    passed: false,
    verdict: 'failed',
    messages: [{ role: 'system', content: 'You are a retail agent. Refunds need a manager.' }],
    turns: [
      conversationTurn(0, 0, '', [{ name: 'get_order', rawArguments: '{"order_id":"O-1"}' }]),
      conversationTurn(1, 0, 'Order O-1 was delivered. What is wrong with it?'),
      conversationTurn(2, 1, '', [{ name: 'refund_order', rawArguments: '{"order_id":"O-1","amount":40}' }]),
      conversationTurn(3, 1, 'Refunded \u001b[2J<script>alert(1)</script>'),
      conversationTurn(4, 2, 'You are welcome.'),
    ],
    conversation: [
      { user: 'I want to return order O-1.', firstTurn: 0, endTurn: 2, state: unchanged },
      { user: 'It arrived broken.', firstTurn: 2, endTurn: 4, toolNames: ['get_order', 'create_return', 'refund_order'], state: afterReturn },
      { user: "Thanks, that's all.", firstTurn: 4, endTurn: 5, state: afterReturn },
    ],
    initialState,
    expectedTools: ['get_order', 'create_return'],
    failures: [
      { kind: 'wrong_tool', message: 'expected create_return, got refund_order', path: 'turns[2].calls[0]', userMessage: 1 },
      { kind: 'state_mismatch', message: messageTwoDiff, userMessage: 1 },
      { kind: 'forbidden_call', message: 'refund_order was called (forbidden by the case)', path: 'turns[2].calls[0]' },
    ],
    metrics: {
      calls: 2, knownToolCalls: 2, expectedCalls: 2, selectedCalls: 1, correctArgumentCalls: 1, hallucinatedToolCalls: 0,
      hallucinatedParamCalls: 0, schemaViolationCalls: 0, parallelCase: false, irrelevanceCase: false,
      messages: 3, messagesPassed: 2, taskPassed: false, stateChecks: 1, stateMatches: 0, repeatedCalls: 0,
    },
    ...overrides,
  })
}
