// Errored is not failed, message by message too: a conversation whose second reply hit an outage (or the suite's own
// code failing) marks that message errored in every output that draws a conversation, never "failed".
import { describe, expect, it } from 'vitest'
import { toHtml } from '../../src/report/html/page.ts'
import { toJunit } from '../../src/report/junit.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { conversationResult } from './conversation-result.ts'
import { reportOf } from './sample-report.ts'

/** The conversation, its second reply ended by an outage: the result is errored and carries that failure alone. */
const errored = conversationResult({ verdict: 'errored', failures: [{ kind: 'provider_error', message: 'HTTP 503 after 3 retries', userMessage: 1 }] })

describe('a conversation message that errored', () => {
  it('HTML marks the message errored, not failed', () => {
    const html = toHtml(reportOf([errored]))
    expect(html).toContain('<section class="message errored" data-message="2">')
    expect(html).toContain('message 2 of 3 · errored')
    expect(html).not.toContain('· failed')
  })

  it('JUnit says the message errored', () => {
    const xml = toJunit(reportOf([errored]))
    expect(xml).toContain('    errored: provider_error')
    expect(xml).not.toMatch(/failed: provider_error/)
  })

  it('show marks the message errored, not with the failure cross', () => {
    const text = formatTranscript(errored)
    expect(text).toContain('━━ message 2 of 3 (errored)')
    expect(text).not.toContain('✗')
    expect(text).toContain('errored (no verdict on the model) of message 2:')
  })

  it('a failed message keeps its failure marks', () => {
    const failed = conversationResult()
    expect(formatTranscript(failed)).toContain('━━ message 2 of 3 ✗')
    expect(toHtml(reportOf([failed]))).toContain('<section class="message failed" data-message="2">')
    expect(toJunit(reportOf([failed]))).toContain('    failed: wrong_tool, state_mismatch')
  })
})
