import { UsageError } from '../core/errors.ts'
import { exitCodeFor } from '../runner/exit-code.ts'
import type { GateResult } from '../gates/gates.ts'
import { defineCommand } from './flags.ts'
import { printGates } from './print-gates.ts'
import { reportFileFor } from '../report/report-file.ts'
import { runCut, runStops } from '../report/run-stops.ts'

const usage = `toolgauge merge <report.json> [<report.json> ...] [options]

Joins shard reports (toolgauge run --shard i/n) into one report: results are concatenated and de-duplicated by
suite + case + model + repeat (copies that differ, two runs of one case, are refused: exit 2), every aggregate
(summaries, pass@k, pass^k, intervals) is recomputed, and each gate the shards stored (metric gates, suite token
budgets) is evaluated again over the merged results.
Exits like toolgauge run: 1 when a gate fails (or, without metric gates, a case fails), 3 on provider errors. A
report's gates judge its own run's models only: a case of a report that had no metric gate must pass.
Reports run with different --repeat / --repeat-until settings or suite versions are refused (exit 2): a merged
report is one run. A report cut by --bail / --max-cost or interrupted is refused (exit 2) unless --allow-partial;
the merged report then says it is partial (run.cut, run.interrupted) and exits as that run did (1, 4, 130).

Options:
  --out <dir>                   where to write report.json (default reports/merged)
  --format json,junit,md,html   extra formats to write next to report.json (md also goes to $GITHUB_STEP_SUMMARY)
  --allow-partial               merge even when a shard is missing or a run was cut or interrupted`

/** `toolgauge merge`: joins shard reports, recomputing every aggregate. */
export const command = defineCommand(usage, {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  'allow-partial': { type: 'boolean' },
}, async ({ values, positionals }) => {
  if (positionals.length === 0) throw new UsageError('expected one or more report.json files')
  // Report reading, merging and the formats load only when the command runs: `merge --help` stays light.
  const [{ mergeReports }, { parseFormats, writeFormats }, { readReport, writeReport }, { renderTable }, { repeatLines }, { unmetMustPassText }, { unmetMustPass }] = await Promise.all([
    import('../compare/merge-reports.ts'), import('../report/formats.ts'), import('../report/json.ts'), import('../report/table.ts'), import('../report/repeat-text.ts'), import('../compare/must-pass.ts'), import('../gates/unmet-must-pass.ts'),
  ])
  const formats = parseFormats(values.format)
  const inputs = positionals.map(reportFileFor).map((file) => ({ file, report: readReport(file) }))
  const { report, duplicates, warnings, mustPass } = mergeReports(inputs, { allowPartial: values['allow-partial'] === true, optionNames: 'cli' })
  const outDir = values.out ?? 'reports/merged'
  const reportFile = writeReport(outDir, report)
  const written = writeFormats(outDir, report, formats)
  const { inert, inertDeep } = await import('../report/terminal-text.ts')
  // Everything below comes from the shard reports, files anyone could have written: printed inert.
  for (const warning of warnings) process.stderr.write(`warning: ${inert(warning)}\n`)
  process.stdout.write(`${renderTable(inertDeep(report.summary), { color: process.stdout.isTTY === true })}\n`)
  // With repeats, what toolgauge run prints under its table: pass@k / pass^k per row and the summary's flaky cases.
  const repeated = repeatLines(inertDeep(report.summary))
  if (repeated.length > 0) process.stdout.write(`${repeated.join('\n')}\n`)
  // The same verdict as toolgauge run, so the merge step can be the CI gate of a sharded run.
  const gates = (report.gates ?? []) as GateResult[]
  printGates(gates)
  // With metric gates, a failed case of a run that had none fails the merge (exitCodeFor's decision, read here as the
  // report's formats read it): said, as the gate lines show only ✓.
  const unmet = unmetMustPassText(unmetMustPass(gates, mustPass))
  if (unmet !== undefined) process.stdout.write(`\n${inert(unmet)}\n`)
  // A partial merge of a cut or interrupted input says so, as that run did (report/run-stops.ts).
  for (const stop of runStops(report.run)) process.stdout.write(`\n${inert(stop.text)}\n`)
  process.stdout.write(`\nMerged ${inputs.length} report(s): ${report.results.length} results${duplicates > 0 ? `, ${duplicates} duplicate(s) dropped` : ''}.\nReport: ${inert(reportFile)}${written.length > 0 ? ` (+ ${inert(written.join(', '))})` : ''}\n`)
  return exitCodeFor(report.results, gates, report.run.interrupted === true, runCut(report.run)?.reason, mustPass)
})
