import { UsageError } from '../core/errors.ts'
import { exitCodes } from './command.ts'
import { defineCommand, numberFlag } from './flags.ts'
import { reportFileFor } from '../report/report-file.ts'

const usage = `toolgauge compare <base report.json> <head report.json> [options]

Pairs results by suite + case for each model in both reports (a single model on each side is paired even if
the names differ) and prints newly broken and fixed cases, metric deltas with 95% intervals and a paired test
(exact McNemar with one run per case, a paired permutation test on per-case pass rates with repeats).

Options:
  --fail-on-regression  exit 1 when accuracy dropped significantly (p < alpha) or by more than --max-drop
  --alpha <p>           significance level of the paired test (default 0.05)
  --max-drop <points>   a drop of more than this many percentage points (5, not 0.05) is a regression even if not
                        significant
  --markdown            print Markdown (for $GITHUB_STEP_SUMMARY or a pull-request comment) instead of text

Without --max-drop only a significant drop is a regression, and few cases rarely are: 3 cases that all broke give
p = 0.25. Gate a small suite with --max-drop; toolgauge plan says how many cases a drop of a given size needs.

Exit codes: 0 no regression (always, without --fail-on-regression) · 1 a regression, with --fail-on-regression ·
            2 bad input (a missing or unreadable report, reports that share no case).`

/**
 * What the gate flags cannot do as written: --max-drop or --alpha without --fail-on-regression decide no exit code,
 * and a --max-drop below one point reads as a fraction (0.05 for 5 points) that fails on a single broken case.
 */
function gateFlagSlips(values: { readonly 'fail-on-regression'?: boolean; readonly alpha?: string; readonly 'max-drop'?: string }, maxDropPoints: number | undefined): string[] {
  const slips: string[] = []
  if (!values['fail-on-regression']) {
    for (const flag of ['max-drop', 'alpha'] as const) {
      const given = values[flag]
      if (given !== undefined) slips.push(`--${flag} ${given} without --fail-on-regression decides no exit code: compare exits 0 whatever it finds (add --fail-on-regression to gate on it)`)
    }
  }
  if (maxDropPoints !== undefined && maxDropPoints > 0 && maxDropPoints < 1) {
    const suite = Math.floor(100 / maxDropPoints)
    slips.push(`--max-drop is in percentage points: ${maxDropPoints} fails on a drop of more than ${maxDropPoints} points, a single broken case in a suite of under ${suite} (did you mean --max-drop ${Number((maxDropPoints * 100).toPrecision(6))}?)`)
  }
  return slips
}

/** `toolgauge compare`: the regression check between two reports. */
export const command = defineCommand(usage, {
  'fail-on-regression': { type: 'boolean' },
  alpha: { type: 'string' },
  'max-drop': { type: 'string' },
  markdown: { type: 'boolean' },
}, async ({ values, positionals }) => {
  if (positionals.length !== 2) throw new UsageError(`expected two report files (base and head), got ${positionals.length}`)
  // A run's folder means its report.json; a journal says which report to pass.
  const [baseFile, headFile] = (positionals as [string, string]).map(reportFileFor) as [string, string]
  const alpha = numberFlag('alpha', values.alpha, { min: 0, max: 1 }) ?? 0.05
  const maxDropPoints = numberFlag('max-drop', values['max-drop'], { min: 0, max: 100, unit: 'points' })
  for (const warning of gateFlagSlips(values, maxDropPoints)) process.stderr.write(`warning: ${warning}\n`)
  // Loaded when the command runs, so `compare --help` stays light (per-tool token deltas bring the tokenizers).
  const [{ compareReports }, { comparisonMarkdown, comparisonText }, { readReport }, { pairModels }, { inertDeep }] = await Promise.all([
    import('../compare/compare-reports.ts'), import('../compare/format-comparison.ts'), import('../report/json.ts'), import('../compare/pair-models.ts'),
    import('../report/terminal-text.ts'),
  ])
  const [base, head] = [readReport(baseFile), readReport(headFile)]
  const judged = compareReports(base, head, { alpha, ...(maxDropPoints !== undefined ? { maxDropPoints } : {}) }, { base: baseFile, head: headFile })
  // Which tool definitions grew: counted offline from the tool sets both reports store (the counter loads lazily).
  const { toolTokenChanges } = await import('../compare/tool-token-changes.ts')
  // Models, suites, cases and tool names are the reports' (files): the comparison is printed from an inert copy.
  const comparison = inertDeep({ ...judged, toolTokens: await toolTokenChanges(base, head, pairModels(base, head)) })
  process.stdout.write(values.markdown ? comparisonMarkdown(comparison) : comparisonText(comparison))
  return values['fail-on-regression'] && comparison.regression ? exitCodes.gateFailed : exitCodes.ok
})
