import type { FuzzReport } from './fuzz-validator.ts'
import { preview } from './probe.ts'

const shellQuote = (value: string): string => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`)

/**
 * The human-readable report: per tool and property, pass/skip or the shrunk counterexample with the flags that
 * replay it (`--seed`, `--tool`, `--property`, `--path`). `replayCommand` starts each replay line (the CLI passes its
 * command and the run's flags that shape the inputs or the verdict), so the line reproduces the finding as pasted.
 */
export function formatFuzzReport(report: FuzzReport, replayCommand: readonly string[] = []): string {
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
        const replay = [...replayCommand, '--seed', String(finding.seed), '--tool', finding.tool, '--property', finding.property, '--path', finding.path]
        lines.push(`      replay: ${replay.map(shellQuote).join(' ')}`)
      }
    }
  }
  const count = report.findings.length
  const summary = count === 0 ? 'no findings' : `${count} finding${count === 1 ? '' : 's'}`
  lines.push('', `${summary} — ${report.tools} tool${report.tools === 1 ? '' : 's'}, ${report.runs} runs per property, seed ${report.seed}`)
  return `${lines.join('\n')}\n`
}
