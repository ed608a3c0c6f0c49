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
      lines.push(`✓ ${name} (${set.toolCount} tools): no findings`)
      continue
    }
    lines.push(`${name} (${set.toolCount} tools)`)
    for (const finding of set.findings) {
      const mark = finding.severity === 'error' ? '✗ error  ' : '! warning'
      const subject = finding.param ? `${finding.tool}.${finding.param}` : finding.tool
      lines.push(`  ${mark} ${subject.padEnd(28)} ${finding.rule.padEnd(26)} ${finding.message}`)
    }
  }
  const { errors, warnings } = countBySeverity(sets)
  const tools = sets.reduce((sum, set) => sum + set.toolCount, 0)
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${sets.length} tool set${sets.length === 1 ? '' : 's'} (${tools} tools)`)
  return `${lines.join('\n')}\n`
}
