import { InputError, UsageError } from '../core/errors.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { readReport } from '../report/json.ts'
import { reportFileFor } from '../report/report-file.ts'
import { formatTranscript } from '../report/transcript-text.ts'
import { inert, inertDeep } from '../report/terminal-text.ts'
import { runStops } from '../report/run-stops.ts'
import { inertResult } from '../report/inert-result.ts'
import { didYouMean, fewOf } from '../core/did-you-mean.ts'
import { defineCommand } from './flags.ts'
import { reportGates } from '../report/report-gates.ts'
import { unmetMustPassOf, unmetMustPassText } from '../compare/must-pass.ts'

const usage = `toolgauge show <report.json | run folder> [--case <id>] [--model <spec>] [--variant <name>] [--all]

Prints a case's transcript readably: the prompt, each assistant turn with its calls and raw arguments, each tool
result, the final text, and the failures with what was expected (a wrong argument as a per-argument diff).
Without --case it shows the failing and errored cases (--all: every case). --model and --variant keep the results
of one model spec (or label) and one tool-description variant. A run's --out folder means its report.json.`

/** `toolgauge show`: the first thing to run when a case fails. */
export const command = defineCommand(usage, {
  case: { type: 'string', short: 'c' },
  model: { type: 'string', short: 'm' },
  variant: { type: 'string' },
  all: { type: 'boolean' },
}, async ({ values, positionals }) => {
  const given = positionals[0]
  if (!given) throw new UsageError('give a report.json (e.g. reports/latest/report.json)')
  // A run's folder means its report.json; a journal says which report to pass.
  const file = reportFileFor(given)
  const report = readReport(file)
  // A model or variant the report does not have is a slip, not "every case passed": name what it has.
  if (values.model !== undefined) checkNamed('--model', values.model, report.results.map((r) => r.model), file, 'model')
  if (values.variant !== undefined) checkNamed('--variant', values.variant, report.results.flatMap((r) => (r.variant === undefined ? [] : [r.variant])), file, 'variant')
  const selected = report.results.filter((result: CaseResult) =>
    (values.case === undefined || result.case === values.case || `${result.suite}/${result.case}` === values.case)
    && (values.model === undefined || result.model === values.model)
    && (values.variant === undefined || result.variant === values.variant)
    && (values.all === true || values.case !== undefined || verdictOf(result) !== 'passed'))
  if (selected.length === 0) {
    if (values.case !== undefined) {
      const cases = new Set(report.results.flatMap((r) => [r.case, `${r.suite}/${r.case}`]))
      if (cases.has(values.case)) throw new InputError(`no result for case "${values.case}" with the --model / --variant given`, { file, field: '--case' })
      // The ids it has, so the next try is right without opening report.json.
      const ids = [...new Set(report.results.map((r) => r.case))]
      throw new InputError(`no result for case "${values.case}"${didYouMean(values.case, cases)}; ${ids.length === 0 ? 'the report has no results' : `its cases are ${fewOf(ids)}`}`, { file, field: '--case' })
    }
    const narrowed = [values.model && `model ${values.model}`, values.variant && `variant ${values.variant}`].filter(Boolean).join(', ')
    // Said with the way to the transcripts: a newcomer's first `show` of a passing run is otherwise a dead end.
    const passed = report.results.filter((result) => (values.model === undefined || result.model === values.model) && (values.variant === undefined || result.variant === values.variant)).length
    // A cut or interrupted run's cases that never ran did not pass: "every case" is only what ran, and why says so.
    const stops = runStops(report.run).map((stop) => inert(stop.text))
    const every = stops.length > 0 ? 'Every case that ran' : 'Every case'
    process.stdout.write(`${every}${narrowed ? ` of ${narrowed}` : ''} passed (${passed} result${passed === 1 ? '' : 's'}): --all prints each transcript, --case <id> one.\n${stops.map((stop) => `${stop}\n`).join('')}`)
    return 0
  }
  // Everything in a result was written by a model, a tool or the report's author: the transcript is drawn from an
  // inert copy (its own layout and colors stay; a model's newline shows as \n).
  const toolSets = inertDeep(report.toolSets)
  process.stdout.write(selected.map((result) => formatTranscript(inertResult(result), { color: process.stdout.isTTY === true, toolSets, repeated: Number(report.run.repeat ?? 1) > 1 })).join('\n'))
  for (const stop of runStops(report.run)) process.stdout.write(`\n${inert(stop.text)}\n`)
  // A merged report's failed case that no gate covers made its merge exit 1 under passing gates: said, as merge did.
  const unmet = unmetMustPassText(unmetMustPassOf(file, { run: report.run, gates: reportGates(report) }, report.results))
  if (unmet !== undefined) process.stdout.write(`\n${inert(unmet)}\n`)
  return 0
})

/** An InputError for a --model or --variant the report has no result for, naming those it has ("did you mean"). */
function checkNamed(flag: string, given: string, present: readonly string[], file: string, what: string): void {
  const names = [...new Set(present)]
  if (names.includes(given)) return
  const listed = names.length === 0 ? `the report has no ${what}s (a run without --variant)` : `its ${what}s are ${fewOf(names)}`
  // `--model gpt-4o` for a report of `openai:gpt-4o`: the model as the run was asked for it, without its prefix.
  const prefixed = names.find((name) => name.includes(':') && name.slice(name.indexOf(':') + 1) === given)
  const hint = prefixed !== undefined ? ` (did you mean "${prefixed}"?)` : didYouMean(given, names)
  throw new InputError(`no ${what} "${given}" in this report${hint}; ${listed}`, { file, field: flag })
}
