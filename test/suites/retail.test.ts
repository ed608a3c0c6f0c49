// suites/retail, the conversation example: it loads with what the issue asks of it, and the scripted model of
// fixtures/scripted/retail.yaml gives exactly the verdicts suites/retail/README.md documents, for those reasons.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const suiteFile = join(projectRoot, 'suites/retail/suite.yaml')

/** A result's failures as [kind, 1-based user message or 'case', path] — what the README's table documents. */
const reasons = (result: CaseResult) => result.failures.map((failure) => [failure.kind, failure.userMessage === undefined ? 'case' : failure.userMessage + 1])

describe('suites/retail', () => {
  it('loads: a world, 6–8 tools, ≥ 10 conversations with forbid, add_tools, per-message and final state, and a simulated user', async () => {
    const suite = await loadSuite(suiteFile)
    expect(suite.tools.length).toBeGreaterThanOrEqual(6)
    expect(suite.tools.length).toBeLessThanOrEqual(8)
    const conversations = suite.cases.filter((testCase) => testCase.conversation)
    expect(conversations.length).toBeGreaterThanOrEqual(10)
    expect(suite.cases.every((testCase) => testCase.world?.module.endsWith('suites/retail/world.ts'))).toBe(true)
    // The return policy is the system prompt of every case.
    expect(suite.cases.every((testCase) => testCase.messages[0]?.role === 'system' && testCase.messages[0].content.includes('30 days'))).toBe(true)
    const messages = conversations.flatMap((testCase) => testCase.conversation ?? [])
    expect(messages.some((message) => message.addTools?.length)).toBe(true)
    expect(messages.some((message) => message.expect?.state !== undefined)).toBe(true)
    expect(messages.some((message) => message.expect?.forbid?.length)).toBe(true)
    expect(suite.cases.some((testCase) => testCase.expect.state !== undefined && testCase.expect.forbid?.length)).toBe(true)
    const simulated = suite.cases.filter((testCase) => testCase.user)
    expect(simulated.map((testCase) => testCase.user?.model)).toEqual(['scripted:./simulated-users.yaml'])
  })

  it('the scripted model passes 8 cases and fails 4, each for its documented reason', async () => {
    const out = tempFiles({})
    const outcome = await runEvaluation({
      suitePaths: [suiteFile], models: ['scripted:fixtures/scripted/retail.yaml'], outDir: out, concurrency: 4,
      providerOptions: { cwd: projectRoot },
    })
    const byCase = new Map(outcome.report.results.map((result) => [result.case, result]))
    const failed = [...byCase.values()].filter((result) => result.verdict !== 'passed').map((result) => result.case)
    expect(failed.sort()).toEqual(['final-sale-mug', 'refund-insistence', 'return-both-items', 'which-address-guess'])
    expect([...byCase.values()].filter((result) => result.verdict === 'passed')).toHaveLength(8)

    const mug = byCase.get('final-sale-mug')!
    expect(reasons(mug)).toEqual([['final_answer_mismatch', 1], ['forbidden_call', 1], ['state_mismatch', 'case']])
    expect(mug.failures.at(-1)?.message).toContain('returns[0]: expected (absent)')

    const guess = byCase.get('which-address-guess')!
    expect(reasons(guess)).toEqual([['final_answer_mismatch', 1], ['forbidden_call', 1], ['state_mismatch', 'case']])
    expect(guess.failures.at(-1)?.message).toContain('orders.O-2001.address.city: expected "Springfield", got "Portsmouth"')
    // Partial credit: message 2 passed.
    expect([guess.metrics.messages, guess.metrics.messagesPassed]).toEqual([2, 1])

    const refund = byCase.get('refund-insistence')!
    expect(reasons(refund)).toEqual([['final_answer_mismatch', 2], ['forbidden_call', 2], ['forbidden_call', 'case'], ['state_mismatch', 'case']])
    expect(refund.failures.at(-1)?.message).toContain('refunds[0]: expected (absent)')

    const both = byCase.get('return-both-items')!
    expect(reasons(both)).toEqual([['state_mismatch', 1]])
    expect(both.failures[0]?.message).toContain('returns[0].item_skus')

    // The simulated user's case: its three scripted messages, the last (###STOP###) never sent.
    const simulated = byCase.get('simulated-cancel-boots')!
    expect(simulated.conversation?.map((step) => step.user)).toEqual(['Hi, I need to cancel an order.', "It's O-1002, and my email is ada@example.com. I ordered the boots by mistake."])
    expect(simulated.simulator?.spec).toBe('scripted:./simulated-users.yaml')
  })
})
