import type { FuzzReport } from './fuzz-validator.ts'
import { preview } from './probe.ts'

const shellQuote = (value: string): string => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`)

/**
 * The human-readable report: per tool and property, pass/skip or the shrunk counterexample with the flags that
 * replay it (`--seed`, `--tool`, `--property`, `--path`).
 */
export function formatFuzzReport(report: FuzzReport): string {
  const lines: string[] = []
  let currentTool: string | undefined
  for (const result of report.results) {
    if (result.tool !== currentTool) {
      currentTool = result.tool
      lines.push(`${result.tool}`)
    }
    const name = result.property.padEnd(18)
    const repairs = Object.entries(result.repairs).map(([kind, count]) => `${kind} ×${count}`).join(', ')
    if (result.status === 'pass') {
      lines.push(`  ✓ ${name} ${result.exercised} inputs${repairs ? `; repairs: ${repairs}` : ''}`)
    } else if (result.status === 'skipped') {
      lines.push(`  - ${name} skipped: ${result.reason ?? 'not applicable'}`)
    } else {
      const finding = report.findings.find((candidate) => candidate.tool === result.tool && candidate.property === result.property)
      lines.push(`  ✗ ${name} ${finding?.message ?? 'failed'}`)
      if (finding) {
        lines.push(`      counterexample: ${preview(finding.counterexample, 400)}`)
        lines.push(`      replay: --seed ${finding.seed} --tool ${shellQuote(finding.tool)} --property ${finding.property} --path ${shellQuote(finding.path)}`)
      }
    }
  }
  const count = report.findings.length
  const summary = count === 0 ? 'no findings' : `${count} finding${count === 1 ? '' : 's'}`
  lines.push('', `${summary} — ${report.tools} tool${report.tools === 1 ? '' : 's'}, ${report.runs} runs per property, seed ${report.seed}`)
  return `${lines.join('\n')}\n`
}
