import { relative } from 'node:path'
import type { LintFinding } from './types.ts'

/** The findings of one linted tool set. */
export type LintedSet = { readonly file: string; readonly toolCount: number; readonly findings: readonly LintFinding[] }

/** Counts of error- and warning-severity findings. */
export function countBySeverity(sets: readonly LintedSet[]): { errors: number; warnings: number } {
  const all = sets.flatMap((set) => set.findings)
  return { errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length }
}

/** Console text: per set its findings (tool, parameter, rule, message), then one totals line. */
export function formatFindings(sets: readonly LintedSet[]): string {
  const lines: string[] = []
  for (const set of sets) {
    const name = relative(process.cwd(), set.file) || set.file
    if (set.findings.length === 0) {
      lines.push(`✓ ${name} (${counted(set.toolCount, 'tool')}): no findings`)
      continue
    }
    lines.push(`${name} (${counted(set.toolCount, 'tool')})`)
    for (const finding of set.findings) {
      const mark = finding.severity === 'error' ? '✗ error  ' : '! warning'
      const subject = finding.param ? `${finding.tool}.${finding.param}` : finding.tool
      lines.push(`  ${mark} ${subject.padEnd(28)} ${finding.rule.padEnd(26)} ${finding.message}`)
    }
  }
  const { errors, warnings } = countBySeverity(sets)
  const tools = sets.reduce((sum, set) => sum + set.toolCount, 0)
  lines.push(`${counted(errors, 'error')}, ${counted(warnings, 'warning')} in ${counted(sets.length, 'tool set')} (${counted(tools, 'tool')})`)
  return `${lines.join('\n')}\n`
}

/** A count with its noun, singular for one: `1 tool`, `3 tools`, `0 errors`. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
