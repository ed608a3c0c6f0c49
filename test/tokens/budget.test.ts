import { describe, expect, it } from 'vitest'
import { checkToolTokenBudget } from '../../src/tokens/budget.ts'
import type { ToolTokenCount } from '../../src/tokens/types.ts'

const count = (perTool: [string, number][], toolTokens: number): ToolTokenCount => ({
  model: 'openai:gpt-4o', family: 'openai-chat', promptTokens: toolTokens + 20, toolTokens, fixedOverhead: 12,
  perTool: perTool.map(([name, tokens]) => ({ name, tokens })), encoding: 'o200k_base', method: 'exact-render', confidence: 3, provenance: '',
})

describe('checkToolTokenBudget', () => {
  it('passes within budget', () => {
    const verdict = checkToolTokenBudget(count([['a', 40], ['b', 30]], 82), { maxToolTokens: 100 })
    expect(verdict).toMatchObject({ ok: true, violations: [] })
    expect(verdict.message).toContain('within budget')
  })

  it('fails over max_tool_tokens and names the tools that grew the most against the baseline', () => {
    const before = count([['a', 40], ['b', 30], ['c', 20]], 102)
    const after = count([['a', 41], ['b', 90], ['c', 20], ['d', 25]], 188)
    const verdict = checkToolTokenBudget(after, { maxToolTokens: 150 }, before)
    expect(verdict.ok).toBe(false)
    expect(verdict.violations).toEqual([{ kind: 'total', limit: 150, actual: 188 }])
    expect(verdict.culprits.map((c) => [c.name, c.delta])).toEqual([['b', 60], ['d', 25], ['a', 1]])
    expect(verdict.message).toBe('openai:gpt-4o: tool definitions 188 > max_tool_tokens 150; grew the most: b +60, d +25, a +1')
  })

  it('checks per-tool limits and, without a baseline, names the largest tools', () => {
    const verdict = checkToolTokenBudget(count([['a', 40], ['b', 90]], 142), { perTool: { b: 50, a: 50 } })
    expect(verdict.violations).toEqual([{ kind: 'tool', tool: 'b', limit: 50, actual: 90 }])
    expect(verdict.message).toBe('openai:gpt-4o: b 90 > 50; largest: b 90, a 40')
  })
})
