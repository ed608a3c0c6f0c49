import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { ConfusionRow } from '../../src/variants/confusion-rows.ts'
import type { VariantComparison } from '../../src/variants/variant-deltas.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const example = join(projectRoot, 'examples/descriptions')

function readReport(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
}

describe('run with tool-description variants', () => {
  it('runs the example suite once per variant: rows per model × variant, paired deltas, confusion in JSON, console, Markdown and HTML', async () => {
    const out = tempFiles({})
    const { code, stdout } = await runMain(['run', example, '--model', 'baseline', '--out', out, '--by', 'confusion', '--format', 'md,html'])
    expect(code).toBe(1)
    const report = readReport(out)
    expect(new Set(report.results.map((r) => r.variant))).toEqual(new Set(['base', 'vague']))
    expect(report.summary.map((s) => [s.model, s.variant, s.passed, s.cases])).toEqual([['baseline', 'base', 13, 13], ['baseline', 'vague', 7, 13]])
    const [comparison] = report.variantComparisons as VariantComparison[]
    expect(comparison).toMatchObject({ model: 'baseline', variant: 'vague', base: 'base', pairedCases: 13 })
    expect(comparison?.accuracy).toMatchObject({ test: 'mcnemar', significant: true })
    expect(comparison?.accuracy.delta).toBeCloseTo(-6 / 13)
    expect(comparison?.selection.significant).toBe(true)
    expect(comparison?.toolTokensPerRequest.delta).toBeLessThan(0)
    const confusion = report.confusion as ConfusionRow[]
    expect(confusion).toContainEqual({ model: 'baseline', variant: 'vague', expected: 'cancel_order', actual: 'get_order_status', count: 3 })
    expect(confusion).toContainEqual({ model: 'baseline', variant: 'base', expected: 'cancel_order', actual: 'cancel_order', count: 3 })
    expect(confusion).toContainEqual({ model: 'baseline', variant: 'base', expected: '(none)', actual: '(none)', count: 1 })
    // Console: rows grouped by model, the vague row marked with significant changes; the confused pairs listed.
    expect(stdout).toMatch(/│ baseline │ base\s+│ 13\/13/)
    expect(stdout).toMatch(/│ baseline │ vague\s+│ 7\/13\s+│ 53\.8% \(−46\.2\*\) │ 50\.0% \(−50\.0\*\)/)
    expect(stdout).toMatch(/3×\s+cancel_order → get_order_status\s+baseline \[vague\]/)
    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    expect(markdown).toContain('| `baseline · vague` | 53.8%')
    expect(markdown).toContain('### Variants against base')
    expect(markdown).toMatch(/cancel\\_order → get\\_order\\_status \(3×\)/)
    expect(markdown).not.toContain('Flaky cases')
    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html.match(/<h3>baseline · vague<\/h3>/g)?.length).toBe(2) // metric card and confusion matrix
    expect(html).toContain('<title>baseline · vague: 53.8%')
    expect(html).toMatch(/<line x1="[\d.]+" x2="[\d.]+" y1="[\d.]+" y2="[\d.]+" class="whisker"\/><circle[^>]*><title>baseline · vague/)
  })

  it('flags a change only when the paired test says it is significant (accuracy held, every request grew)', async () => {
    const dir = tempFiles({ 'tweak.yaml': 'refund_order:\n  parameters:\n    properties:\n      reason: { description: Why the customer wants the money back }\n' })
    const out = join(dir, 'out')
    const { stdout } = await runMain(['run', join(example, 'suite.yaml'), '--model', 'baseline', '--out', out, '--variant', `tweak=${join(dir, 'tweak.yaml')}`])
    const report = readReport(out)
    expect(report.summary.map((s) => s.variant)).toEqual(['base', 'tweak'])
    const [comparison] = report.variantComparisons as VariantComparison[]
    expect(comparison?.accuracy.significant).toBe(false)
    expect(stdout).toMatch(/│ baseline │ tweak\s+│ 13\/13\s+│ 100\.0% \(±0\.0\)\s+│ 100\.0% \(±0\.0\)\s+│/)
    expect(comparison?.toolTokensPerRequest).toMatchObject({ significant: true })
    expect(stdout).toMatch(/tweak.*│ ~\d+ \(\+\d+\*\)/)
  })

  it('takes a full tools file as a variant, and variants from the config; names a hallucinated tool (hallucinated)', async () => {
    const tools = JSON.parse(readFileSync(join(example, 'tools.json'), 'utf8')) as { function: { name: string } }[]
    const dir = tempFiles({
      'only-two.json': JSON.stringify(tools),
      'script.yaml': 'status-tracking:\n  - tool_calls: [{ id: c1, name: track_parcel, arguments: { order_id: A-1002 } }]\n  - content: done\n',
      'toolgauge.config.yaml': `variants:\n  copy: ./only-two.json\n`,
    })
    const out = join(dir, 'out')
    const code = (await runMain(['run', join(example, 'suite.yaml'), '--model', 'baseline', '--out', out, '--config', join(dir, 'toolgauge.config.yaml'), '--filter', 'status-*'])).code
    expect(code).toBe(0)
    expect(readReport(out).summary.map((s) => s.variant)).toEqual(['base', 'copy'])
    const scripted = join(dir, 'scripted')
    await runMain(['run', join(example, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', scripted, '--filter', 'status-tracking', '--variant', `copy=${join(dir, 'only-two.json')}`])
    expect(readReport(scripted).confusion).toContainEqual(expect.objectContaining({ variant: 'copy', expected: 'get_order_status', actual: '(hallucinated)', count: 1 }))
  })

  it.each([
    ['unknown tool', 'cancel_ordr:\n  description: x\n', 'unknown tool "cancel_ordr" (did you mean "cancel_order"?)'],
    ['unknown parameter', 'refund_order:\n  parameters:\n    properties:\n      reasn: { description: x }\n', 'unknown parameter "reasn" of tool "refund_order" (did you mean "reason"?)'],
    ['other keys', 'refund_order:\n  descripton: x\n', 'did you mean "description"?'],
  ])('rejects a patch with an %s: exit 2 naming the file, line and a "did you mean"', async (_, patch, message) => {
    const dir = tempFiles({ 'patch.yaml': patch })
    const { code, stderr } = await runMain(['run', example, '--model', 'baseline', '--out', join(dir, 'out'), '--variant', `bad=${join(dir, 'patch.yaml')}`])
    expect(code).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toMatch(/patch\.yaml:\d+:/)
  })

  it.each([
    [['--variant', 'no-equals-sign'], '--variant: expected <name>=<tools or patch file>'],
    [['--variant', 'bad name=x.json'], 'variant name "bad name"'],
    [['--variant', 'a=missing.yaml'], 'missing.yaml: no such file: '],
    [['--variant', `base=${join(example, 'tools.json')}`, '--variant', `base=${join(example, 'tools.json')}`], 'variant "base" is declared twice'],
    [['--by', 'model'], '--by: expected "suite" or "confusion"'],
  ])('rejects bad variant flags with exit 2: %j', async (args, message) => {
    const { code, stderr } = await runMain(['run', example, '--model', 'baseline', '--out', tempFiles({}), ...args])
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })
})
