import { InputError, UsageError } from '../core/errors.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { readReport } from '../report/json.ts'
import { reportFileFor } from '../report/report-file.ts'
import { formatTranscript } from '../report/transcript-text.ts'
import { inertDeep } from '../report/terminal-text.ts'
import { inertResult } from '../report/inert-result.ts'
import type { Command } from './command.ts'
import { parseFlags } from './flags.ts'

const usage = `toolgauge show <report.json | run folder> [--case <id>] [--model <spec>] [--all]

Prints a case's transcript readably: the prompt, each assistant turn with its calls and raw arguments, each tool
result, the final text, and the failures with what was expected. Without --case it shows the failing and errored
cases (--all: every case). A run's --out folder means its report.json.`

/** `toolgauge show`: the first thing to run when a case fails. */
export const command: Command = {
  name: 'show',
  usage,
  async run(argv) {
    const { values, positionals } = parseFlags(argv, {
      case: { type: 'string', short: 'c' },
      model: { type: 'string', short: 'm' },
      all: { type: 'boolean' },
    })
    const given = positionals[0]
    if (!given) throw new UsageError('give a report.json (e.g. reports/latest/report.json)')
    // A run's folder means its report.json; a journal says which report to pass.
    const file = reportFileFor(given)
    const report = readReport(file)
    const selected = report.results.filter((result: CaseResult) =>
      (values.case === undefined || result.case === values.case || `${result.suite}/${result.case}` === values.case)
      && (values.model === undefined || result.model === values.model)
      && (values.all === true || values.case !== undefined || verdictOf(result) !== 'passed'))
    if (selected.length === 0) {
      if (values.case !== undefined || values.model !== undefined) {
        throw new InputError(`no result for${values.case ? ` case "${values.case}"` : ''}${values.model ? ` model "${values.model}"` : ''}`, { file, field: values.case ? '--case' : '--model' })
      }
      process.stdout.write('Every case passed.\n')
      return 0
    }
    // Everything in a result was written by a model, a tool or the report's author: the transcript is drawn from an
    // inert copy (its own layout and colors stay; a model's newline shows as \n).
    const toolSets = inertDeep(report.toolSets)
    process.stdout.write(selected.map((result) => formatTranscript(inertResult(result), { color: process.stdout.isTTY === true, toolSets, repeated: Number(report.run.repeat ?? 1) > 1 })).join('\n'))
    return 0
  },
}
