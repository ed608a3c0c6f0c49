// Issue 24, "Trajectory": order in_order, extra_calls, forbid and max_calls are read from a suite, checked before any
// model call (bad input: exit 2 with file, line, field and did-you-mean), and judged end to end by `toolgauge run`.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = `tools:
  - { name: get_order, description: Look up an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }
  - { name: refund_order, description: Refund an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }
  - { name: cancel_order, description: Cancel an order, parameters: { type: object, properties: { order_id: { type: string } }, required: [order_id] } }
`

/** A suite with one case whose `expect` (and other case keys) are these YAML lines, indented under the case. */
function suite(caseLines: string): string {
  const dir = tempFiles({ 'suite.yaml': `name: shop\n${tools}cases:\n  - id: a\n    prompt: Return order O-1.\n${caseLines}` })
  return join(dir, 'suite.yaml')
}

async function loadError(caseLines: string): Promise<string> {
  try {
    await loadSuite(suite(caseLines))
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('loaded without an error')
}

describe('the loader reads the trajectory fields', () => {
  it('order: in_order, extra_calls: allow, forbid (with and without args) and max_calls', async () => {
    const loaded = await loadSuite(suite(`    expect:
      calls: [{ name: get_order, args: { order_id: O-1 } }]
      order: in_order
      extra_calls: allow
      forbid: [{ name: refund_order }, { name: cancel_order, args: { order_id: O-1 } }]
      max_calls: 3
`))
    expect(loaded.cases[0]?.expect).toMatchObject({
      order: 'in_order',
      extraCalls: 'allow',
      forbid: [{ name: 'refund_order' }, { name: 'cancel_order', args: { order_id: 'O-1' } }],
      maxCalls: 3,
    })
  })

  it('a case without them keeps the old expectation (no new keys: fingerprints of existing suites do not change)', async () => {
    const loaded = await loadSuite(suite('    expect: { calls: [{ name: get_order }] }\n'))
    expect(Object.keys(loaded.cases[0]?.expect ?? {}).sort()).toEqual(['calls', 'matching', 'noCall', 'order', 'parallel'])
  })
})

describe('bad trajectory fields are bad input, before any model call', () => {
  it('a forbid naming no tool of the suite, with did-you-mean, file, line and field', async () => {
    const message = await loadError('    expect:\n      forbid: [{ name: refund_ordr }]\n')
    expect(message).toMatch(/suite\.yaml:\d+: cases\.0\.expect\.forbid\.0\.name: forbids "refund_ordr", which is not a tool of this suite \(did you mean "refund_order"\?\)/)
  })

  it('a forbid naming a tool the case does not expose', async () => {
    const message = await loadError('    tools: [get_order, cancel_order]\n    expect:\n      forbid: [{ name: refund_order }]\n')
    expect(message).toMatch(/cases\.0\.expect\.forbid\.0\.name: forbids "refund_order", which the model cannot call: this case exposes get_order, cancel_order/)
  })

  it("a forbid's argument matchers are checked against the tool's schema", async () => {
    const message = await loadError('    expect:\n      forbid: [{ name: refund_order, args: { order: O-1 } }]\n')
    expect(message).toMatch(/cases\.0\.expect\.forbid\.0\.args\.order: "order" is not a parameter the schema defines \(did you mean "order_id"\?\)/)
  })

  it('forbidding every call to a tool the case expects', async () => {
    const message = await loadError('    expect:\n      calls: [{ name: refund_order }]\n      forbid: [{ name: refund_order }]\n')
    expect(message).toContain('cases.0.expect.forbid.0.name: forbids every call to "refund_order", which the case expects')
  })

  it('max_calls fewer than the expected calls, extra_calls with no_call, and values the schema does not take', async () => {
    expect(await loadError('    expect:\n      calls: [{ name: get_order }, { name: cancel_order }]\n      max_calls: 1\n')).toContain('cases.0.expect.max_calls: max_calls: 1 is fewer than the 2 expected calls')
    expect(await loadError('    expect: { no_call: true, extra_calls: allow }\n')).toContain('cases.0.expect.extra_calls: extra_calls: allow contradicts no_call: true')
    expect(await loadError('    expect: { order: inorder }\n')).toMatch(/expect\.order.*in_order/s)
    // A slip of an enum value gets the did-you-mean an unknown key gets.
    expect(await loadError('    expect: { order: inorder }\n')).toMatch(/cases\.0\.expect\.order: expected one of .*"in_order".* \(did you mean "in_order"\?\)/)
    expect(await loadError('    expect: { extra_calls: alow }\n')).toContain('(did you mean "allow"?)')
    expect(await loadError('    expect: { extra_calls: yes }\n')).toMatch(/expect\.extra_calls/)
    expect(await loadError('    expect: { max_calls: -1 }\n')).toMatch(/expect\.max_calls/)
  })

  it('through the CLI: exit 2, the message, no stack trace', async () => {
    const result = await runMain(['run', suite('    expect:\n      forbid: [{ name: refund_ordr }]\n'), '--model', 'baseline'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('did you mean "refund_order"')
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  })
})

describe('toolgauge run judges the trajectory end to end (scripted model)', () => {
  it('in_order with extra calls allowed passes; a forbidden call and too many calls fail with their kinds', async () => {
    const dir = tempFiles({
      'suite.yaml': `name: shop\n${tools}cases:
  - id: lookup-then-cancel
    prompt: Cancel order O-1.
    expect:
      calls: [{ name: get_order, args: { order_id: O-1 } }, { name: cancel_order, args: { order_id: O-1 } }]
      order: in_order
      extra_calls: allow
  - id: no-refund
    prompt: Return order O-2.
    expect:
      calls: [{ name: get_order, args: { order_id: O-2 } }]
      forbid: [{ name: refund_order }]
  - id: few-calls
    prompt: Look up O-3.
    expect:
      calls: [{ name: get_order }]
      extra_calls: allow
      max_calls: 1
`,
      'script.yaml': `lookup-then-cancel:
  - tool_calls: [{ id: c1, name: get_order, arguments: { order_id: O-1 } }]
  - tool_calls: [{ id: c2, name: get_order, arguments: { order_id: O-9 } }]
  - tool_calls: [{ id: c3, name: cancel_order, arguments: { order_id: O-1 } }]
  - content: Cancelled.
no-refund:
  - tool_calls: [{ id: c1, name: get_order, arguments: { order_id: O-2 } }, { id: c2, name: refund_order, arguments: { order_id: O-2 } }]
  - content: Refunded.
few-calls:
  - tool_calls: [{ id: c1, name: get_order, arguments: { order_id: O-3 } }]
  - tool_calls: [{ id: c2, name: get_order, arguments: { order_id: O-3 } }]
  - content: Found it.
`,
    })
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expect(result.code).toBe(1)
    const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as { results: { case: string; verdict: string; failures: { kind: string; path?: string }[] }[] }
    const byCase = Object.fromEntries(report.results.map((entry) => [entry.case, entry]))
    expect(byCase['lookup-then-cancel']).toMatchObject({ verdict: 'passed', failures: [] })
    expect(byCase['no-refund']).toMatchObject({ verdict: 'failed', failures: [{ kind: 'forbidden_call', path: 'turns[0].calls[1]' }] })
    expect(byCase['few-calls']).toMatchObject({ verdict: 'failed', failures: [{ kind: 'too_many_calls', path: 'turns[1].calls[0]' }] })
    expect(result.stdout).toContain('forbidden_call')
  })
})
