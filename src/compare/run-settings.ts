import { InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { ReportInput } from '../core/report.ts'
import type { OptionNames } from '../core/option-names.ts'

/** How one input repeated its cases: `--repeat N`, or `--repeat-until N` under its stopping rule. */
type RepeatSetting = { readonly file: string; readonly repeat: number; readonly rule?: string }

/** One suite's version as one input ran it: its case count (`run.suites[].cases`, before --filter and --shard). */
type SuiteVersion = { readonly file: string; readonly index: number; readonly name: string; readonly cases: number }

/**
 * Refuses inputs that ran with settings deciding what their verdicts and figures mean, as a merged report is one run
 * with one of each: the toolgauge version that scored them (`run.toolgaugeVersion`: its loop and scorers decide each
 * verdict, so it is in every fingerprint), how cases were repeated (`run.repeat`; a `--repeat-until` run's N and stopping rule,
 * `run.repeatUntil`, whose gates read the mean of per-case pass rates) and each suite's version. Merged, a --repeat 3
 * run and a --repeat 5 run would claim 5 repeats for cases that ran 3; a --repeat-until run and a plain one are
 * judged by different figures. A report that recorded no setting is not checked (a hand-built one, or written before
 * it was recorded); one label for two model specs is `mergedModelSpecs`' to refuse.
 */
export function checkOneRunSettings(inputs: readonly ReportInput[], names: OptionNames): void {
  const scoredBy = inputs[0]!
  for (const { file, report } of inputs) {
    const [version, first] = [report.run.toolgaugeVersion, scoredBy.report.run.toolgaugeVersion]
    if (version === first) continue
    throw new InputError(`reports were scored by different toolgauge versions: toolgauge ${version} here but toolgauge ${first} in ${scoredBy.file} — each version's loop and scorers decide its verdicts, so merged, the gates and exit code would judge the cases by two versions' rules; run one side again with the other's version (${names.resume} on its run re-runs every result another version scored), so that one version scored them all`, { file, field: 'run.toolgaugeVersion' })
  }
  const settings = inputs.flatMap(repeatSetting)
  const first = settings[0]
  for (const here of settings) {
    if (here.repeat === first!.repeat && here.rule === first!.rule) continue
    const [text, firstText] = [describe(here, first!, names), describe(first!, here, names)]
    throw new InputError(`reports ran with different repeat settings: ${text} here but ${firstText} in ${first!.file} — merged as one run, its cases would claim one repeat setting while they ran under two, and pass@k, pass^k, flaky cases and the gates would mix them; merge reports run with the same ${names.repeat} or ${names.repeatUntil}`, { file: here.file, field: here.rule !== undefined || first!.rule !== undefined ? 'run.repeatUntil' : 'run.repeat' })
  }
  const versions = new Map<string, SuiteVersion>()
  for (const here of inputs.flatMap(suiteVersions)) {
    const seen = versions.get(here.name)
    if (!seen) versions.set(here.name, here)
    else if (seen.cases !== here.cases) {
      throw new InputError(`reports ran different versions of suite "${here.name}": ${here.cases} cases here but ${seen.cases} in ${seen.file} — merged as one run, its gates would judge the cases of two versions as one suite's (and in shards of one run, a case one version added may be in no shard); run every report on the same suite files`, { file: here.file, field: `run.suites[${here.index}].cases` })
    }
  }
}

/** A setting as the refusal names it: the rule too when two `--repeat-until` runs differ only there. */
function describe(setting: RepeatSetting, other: RepeatSetting, names: OptionNames): string {
  if (setting.rule === undefined) return `${names.repeat} ${setting.repeat}`
  const rule = other.rule !== undefined && other.rule !== setting.rule ? ` (rule ${setting.rule})` : ''
  return `${names.repeatUntil} ${setting.repeat}${rule}`
}

/**
 * The input's repeat setting, checked (a damaged one is named: file and field). A merged report of `--repeat-until`
 * runs written before their rules were compared may carry their rows' `caseMeanAccuracy` without `run.repeatUntil`:
 * its setting is unknown, not checked.
 */
function repeatSetting({ file, report }: ReportInput): RepeatSetting[] {
  const { repeat, repeatUntil } = report.run
  if (repeatUntil !== undefined) {
    const fail = (what: string, field = '') => new InputError(`expected ${what}`, { file, field: `run.repeatUntil${field}` })
    if (!isPlainObject(repeatUntil)) throw fail('the repeat-until record (an object: max, rule, …)')
    if (!isCount(repeatUntil.max)) throw fail('the repeat-until N (an integer, at least 1)', '.max')
    if (typeof repeatUntil.rule !== 'string') throw fail('the repeat-until stopping rule (a string)', '.rule')
    return [{ file, repeat: repeatUntil.max, rule: repeatUntil.rule }]
  }
  if (report.summary.some((row) => 'caseMeanAccuracy' in row)) return []
  if (repeat === undefined) return []
  if (!isCount(repeat)) throw new InputError('expected the repeat count (an integer, at least 1)', { file, field: 'run.repeat' })
  return [{ file, repeat }]
}

function suiteVersions({ file, report }: ReportInput): SuiteVersion[] {
  return report.run.suites.flatMap((suite, index) => (typeof suite.cases === 'number' ? [{ file, index, name: suite.name, cases: suite.cases }] : []))
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1
}
