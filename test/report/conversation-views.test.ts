// Issue 24, "Results and reports": a conversation is shown by user message (1-based), with the world's state after
// each reply and the state diff of a failure — in `show`, HTML, Markdown and JUnit — and what a model or a world
// wrote stays escaped.
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { inertResult } from '../../src/report/inert-result.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { toJunit } from '../../src/report/junit.ts'
import { summarize } from '../../src/report/summarize.ts'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { writeReportFile, runCli } from '../compare/cli-helpers.ts'
import { chromiumDir, chromiumSuiteName, dumpDom, hasChromium } from './chromium.ts'
import { conversationResult, messageTwoDiff } from './conversation-result.ts'
import { makeResult } from '../stats/make-result.ts'
import { parseXml } from './xml-check.ts'

function reportWith(results: CaseResult[]): Report {
  return {
    schemaVersion: 2,
    run: { startedAt: '2026-12-01T00:00:00Z', finishedAt: '2026-12-01T00:00:01Z', toolgaugeVersion: '0.0.0', models: ['model-a'], suites: [{ name: 'retail', file: 'suite.yaml', cases: 1 }] },
    results,
    summary: summarize(results),
  }
}

/** The index of the first line containing `text` at or after `from` (-1 when none). */
function lineIndex(lines: readonly string[], text: string, from = 0): number {
  for (let i = from; i < lines.length; i++) if (lines[i]!.includes(text)) return i
  return -1
}

describe('show: a conversation by user message', () => {
  const text = formatTranscript(inertResult(conversationResult()))
  const lines = text.split('\n')

  it('heads each message 1-based, with its user text, then the turns that answered it, then the state after it', () => {
    const one = lineIndex(lines, '━━ message 1 of 3')
    const two = lineIndex(lines, '━━ message 2 of 3')
    const three = lineIndex(lines, '━━ message 3 of 3')
    expect(one).toBeGreaterThan(-1)
    expect(one).toBeLessThan(two)
    expect(two).toBeLessThan(three)
    expect(lines[one + 1]).toBe('user: I want to return order O-1.')
    // Message 1 was answered by turns 1 and 2; message 2 by turns 3 and 4; message 3 by turn 5.
    expect(lineIndex(lines, '── turn 2', one)).toBeLessThan(two)
    expect(lineIndex(lines, '── turn 3', one)).toBeGreaterThan(two)
    expect(lineIndex(lines, '── turn 5', one)).toBeGreaterThan(three)
    // The state after each reply, as what the reply changed against the state before it.
    const afterOne = lineIndex(lines, 'state after message 1: unchanged')
    expect(afterOne).toBeGreaterThan(one)
    expect(afterOne).toBeLessThan(two)
    const afterTwo = lineIndex(lines, 'state after message 2:')
    expect(afterTwo).toBeGreaterThan(two)
    expect(afterTwo).toBeLessThan(three)
    expect(lines.slice(afterTwo + 1, afterTwo + 3)).toEqual(['  orders.O-1.note: (absent) → "arrived broken"', '  refunds[0]: (absent) → {"order":"O-1","amount":40}'])
    expect(lines[lineIndex(lines, 'state after message 3:')]).toBe('state after message 3: unchanged')
    expect(text).toContain('initial state: {"orders":{"O-1":{"status":"delivered","total":40}},"refunds":[]}')
    expect(text).toContain('tools from here on: get_order, create_return, refund_order')
  })

  it('puts the failures of a reply under its message, the state diff path by path; the case-level failures after', () => {
    const two = lineIndex(lines, '━━ message 2 of 3')
    expect(lines[two]).toContain('✗')
    const failures = lineIndex(lines, 'failures of message 2:', two)
    expect(failures).toBeGreaterThan(two)
    expect(failures).toBeLessThan(lineIndex(lines, '━━ message 3 of 3'))
    const diff = lineIndex(lines, 'state_mismatch the state differs at 1 path', two)
    expect(diff).toBeGreaterThan(failures)
    expect(lines[diff + 1]).toBe('      orders.O-1.status: expected "return_requested", got "delivered"')
    const whole = lineIndex(lines, 'failures of the whole conversation:')
    expect(whole).toBeGreaterThan(lineIndex(lines, '━━ message 3 of 3'))
    expect(lines[whole + 1]).toContain('forbidden_call refund_order was called')
    // Each failure is printed once.
    expect(text.split('state_mismatch').length).toBe(2)
  })

  it('escapes what the model wrote (no raw ESC), and a single-request result reads as before', () => {
    expect(text).not.toContain('\u001b')
    expect(text).toContain('Refunded \\x1b[2J')
    const single = formatTranscript(inertResult(makeResult({ case: 'a', passed: false })))
    expect(single).not.toContain('message 1')
    expect(single).toContain('failures:\n  wrong_tool called the wrong tool')
  })

  it('toolgauge show prints it from a report file, state diff on its own lines', async () => {
    const { code, stdout } = await runCli(['show', writeReportFile([conversationResult()])])
    expect(code).toBe(0)
    expect(stdout).toContain('━━ message 2 of 3 ✗')
    expect(stdout).toContain('\n      orders.O-1.status: expected "return_requested", got "delivered"')
    expect(stdout).not.toContain('\u001b[2J')
  })

  it('an errored reply says so under its message', () => {
    const errored = conversationResult({ verdict: 'errored', failures: [{ kind: 'provider_error', message: 'HTTP 503', userMessage: 2 }] })
    const shown = formatTranscript(inertResult(errored))
    expect(shown).toContain('errored (no verdict on the model) of message 3:\n  provider_error HTTP 503')
    expect(shown).not.toContain('failures of the whole conversation')
  })
})

describe('HTML: a conversation by user message', () => {
  const html = toHtml(reportWith([conversationResult()]))

  it('one section per message, in order, each with its user text, turns, state and failures', () => {
    const sections = [...html.matchAll(/<section class="message( failed)?" data-message="(\d)">/g)]
    expect(sections.map((m) => m[2])).toEqual(['1', '2', '3'])
    expect(sections.map((m) => m[1] !== undefined)).toEqual([false, true, false])
    const second = html.slice(html.indexOf('data-message="2"'), html.indexOf('data-message="3"'))
    expect(second).toContain('message 2 of 3 · failed')
    expect(second).toContain('<div class="role">user · message 2</div><pre>It arrived broken.</pre>')
    expect(second).toContain('turn 3')
    expect(second).toContain('state after message 2')
    expect(second).toContain('<pre>orders.O-1.note: (absent) → &quot;arrived broken&quot;\nrefunds[0]: (absent) → {&quot;order&quot;:&quot;O-1&quot;,&quot;amount&quot;:40}</pre>')
    expect(second).toContain('<pre class="state-diff">  orders.O-1.status: expected &quot;return_requested&quot;, got &quot;delivered&quot;</pre>')
    expect(html).toContain('initial state')
    // The result's failure list tags the failures of a reply with its message.
    expect(html).toContain('<li><span class="muted">message 2 ·</span> <code>state_mismatch</code>')
    expect(html).toContain('whole conversation')
  })

  it('escapes what the model and the world wrote', () => {
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('Refunded \\x1b[2J&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe(chromiumSuiteName('HTML conversation view in headless Chromium'), () => {
  const dir = chromiumDir()
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.runIf(hasChromium)('renders every message section and no injected markup', async () => {
    const hostile = `<img src=x onerror="document.title='pwned-state'">`
    const result = conversationResult({
      conversation: [
        { user: `I want to return ${hostile}`, firstTurn: 0, endTurn: 2, state: { note: hostile } },
        { user: 'It arrived broken.', firstTurn: 2, endTurn: 4, state: {} },
        { user: 'Thanks.', firstTurn: 4, endTurn: 5 },
      ],
    })
    const dom = await dumpDom(dir, 'conversation.html', toHtml(reportWith([result])))
    expect(dom).toContain('<title>toolgauge report</title>')
    expect(dom).not.toContain('pwned-state</title>')
    expect(dom.match(/<section class="message/g)?.length).toBe(3)
    expect(dom).toContain('state after message 1')
    expect(dom).not.toContain('state after message 3')
  }, 60_000)
})

describe('Markdown and JUnit: the message a failure belongs to', () => {
  it('Markdown names the user message (1-based) of the first failure', () => {
    const markdown = toMarkdown(reportWith([conversationResult()]))
    expect(markdown).toContain('message 2: expected create\\_return, got refund\\_order')
  })

  it('Markdown lists a failing conversation by user message in a collapsed block, ✓ or ✗ per reply, with the state diff', () => {
    const markdown = toMarkdown(reportWith([conversationResult()]))
    const start = markdown.indexOf('#### Conversations, by user message')
    expect(start).toBeGreaterThan(-1)
    const block = markdown.slice(start)
    expect(block).toContain('<details><summary>retail/return-broken-order [model-a] #1</summary>')
    expect(block).toContain([
      'message 1 of 3 ✓  "I want to return order O-1."',
      '  calls: get_order',
      '  world: unchanged',
      'message 2 of 3 ✗  "It arrived broken."',
      '  calls: refund_order',
      '  wrong_tool: expected create_return, got refund_order',
      '  state_mismatch: the state differs at 1 path',
      '      orders.O-1.status: expected "return_requested", got "delivered"',
      '  world changes:',
      '    orders.O-1.note: (absent) → "arrived broken"',
    ].join('\n'))
    expect(block).toContain('whole conversation:\n  forbidden_call: refund_order was called')
    // A single-request failure has no such block.
    expect(toMarkdown(reportWith([makeResult({ case: 'a', passed: false })]))).not.toContain('Conversations, by user message')
  })

  it('Markdown keeps a model\'s backticks and markup inside the block', () => {
    const hostile = conversationResult({ conversation: [
      { user: '```\n</details><img src=x onerror=alert(1)>', firstTurn: 0, endTurn: 2, state: {} },
      { user: 'b', firstTurn: 2, endTurn: 4, state: {} },
      { user: 'c', firstTurn: 4, endTurn: 5, state: {} },
    ] })
    const block = toMarkdown(reportWith([hostile])).split('#### Conversations, by user message')[1] ?? ''
    // The user's text stays one JSON line inside a fence longer than its backtick run, so nothing of it is markup.
    const line = 'message 1 of 3 ✓  "```\\n</details><img src=x onerror=alert(1)>"'
    expect(block).toContain(`\`\`\`\`text\n${line}\n`)
    expect(block.indexOf('\n````\n')).toBeGreaterThan(block.indexOf(line))
  })

  it("Markdown keeps a failure message's own continuation lines only: a quoted value's newline is written \\n, as show writes it", () => {
    const base = conversationResult()
    const forged = { kind: 'wrong_tool' as const, message: 'expected create_return, got refund\nmessage 3 of 3 ✓  "all good"', userMessage: 1 }
    const block = toMarkdown(reportWith([{ ...base, failures: [forged, ...base.failures.slice(1)] }])).split('#### Conversations, by user message')[1] ?? ''
    expect(block.split('\n').filter((line) => line.trimStart().startsWith('message 3 of 3'))).toEqual(['message 3 of 3 ✓  "Thanks, that\'s all."'])
    expect(block).toContain('  wrong_tool: expected create_return, got refund\\nmessage 3 of 3 ✓  "all good"')
    // The state diff, path by path, is the scorer's own lines: kept.
    expect(block).toContain('      orders.O-1.status: expected "return_requested", got "delivered"')
  })

  it('JUnit failure text lists the conversation by message with the state after each reply and what failed there', () => {
    const xml = toJunit(reportWith([conversationResult()]))
    parseXml(xml)
    expect(xml).toContain('conversation:')
    expect(xml).toContain('  message 1: &quot;I want to return order O-1.&quot;\n    turn 1: get_order({&quot;order_id&quot;:&quot;O-1&quot;})')
    expect(xml).toContain('  message 2: &quot;It arrived broken.&quot;\n    turn 3: refund_order(')
    expect(xml).toContain('    state after: unchanged\n  message 2')
    expect(xml).toContain('    state after:\n      orders.O-1.note: (absent) → &quot;arrived broken&quot;\n      refunds[0]: (absent) → {&quot;order&quot;:&quot;O-1&quot;,&quot;amount&quot;:40}')
    expect(xml).toContain('    failed: wrong_tool, state_mismatch')
    expect(xml).toContain(`state_mismatch: ${messageTwoDiff.split('\n')[0]}`)
    expect(xml).toContain('orders.O-1.status: expected &quot;return_requested&quot;, got &quot;delivered&quot;')
  })
})

describe('a simulated-user case names its simulator', () => {
  it('in show, HTML and JUnit', () => {
    const result = conversationResult({ simulator: { spec: 'scripted:fixtures/users.yaml', promptHash: 'ab12cd34ef56'.repeat(5) + 'abcd' } })
    const line = 'simulated user: scripted:fixtures/users.yaml (prompt sha256 ab12cd34ef56…)'
    expect(formatTranscript(inertResult(result))).toContain(line)
    expect(toHtml(reportWith([result]))).toContain(line)
    expect(toJunit(reportWith([result]))).toContain(line)
  })
})
