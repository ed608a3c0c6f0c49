import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { optionNames, type OptionNames, type OptionSurface } from '../core/option-names.ts'
import { loadCategory } from './data.ts'
import type { DecodeMode } from './decode.ts'
import { entryVerdict } from './entry-verdict.ts'
import { detectMode, findResultFiles, readResultFile, type ResultFile, type ResultLine } from './results.ts'
import { categoryScore, groupScores, type ModelSummary } from './summary.ts'
import { isMultiTurnCategory, loadMultiTurnCategory, multiTurnCategories } from './multi-turn/data.ts'
import { givenLongContext, installLongContext } from './multi-turn/long-context.ts'
import { scoreMultiTurnFile } from './multi-turn/score-file.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** The single-turn categories `bfcl score` checks: 10 AST categories (Python, Java, JavaScript) and 3 relevance categories. */
export const scoredCategories: readonly string[] = [
  'simple_python', 'simple_java', 'simple_javascript', 'multiple', 'parallel', 'parallel_multiple',
  'live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple',
  'irrelevance', 'live_irrelevance', 'live_relevance',
]

/**
 * What `bfcl score` needs. `mode: auto` picks FC when a model's results hold lists of calls, else prompt.
 * `underscoreToDot` applies to FC-mode models only — BFCL sets the flag only for FC models whose API rejected
 * dots; prompt-mode text is never mangled — except those named in `keepDotsFor`.
 */
export type ScoreOptions = {
  readonly dataDir: string
  readonly resultsDir: string
  readonly underscoreToDot?: boolean
  readonly keepDotsFor?: readonly string[]
  readonly mode?: 'auto' | DecodeMode
  /** BFCL's `bfcl_eval` folder: multi_turn_long_context needs its long-context constants. */
  readonly bfclSource?: string
  /** Whose names a message gives options in (core/option-names.ts): the library's unless the CLI says `'cli'`. */
  readonly optionNames?: OptionSurface
}

/** One line of verdicts.jsonl (BFCL's field names; `error_type` null when valid). */
export type VerdictRecord = {
  readonly model: string
  readonly id: string
  readonly category: string
  readonly valid: boolean
  readonly error_type: string | null
  /** Multi-turn only: the turn whose check failed (null when valid or for entry-level errors). */
  readonly error_turn?: number | null
  readonly error: readonly unknown[]
}

/** The outcome of a scoring run. */
export type ScoreRun = {
  readonly verdicts: readonly VerdictRecord[]
  readonly summaries: readonly ModelSummary[]
  /** Result files not scored (categories outside the single-turn AST/relevance scope). */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[]
  readonly modes: { readonly [model: string]: DecodeMode }
  /** Whether the name-mangling flag applied, per model. */
  readonly underscoreToDot: { readonly [model: string]: boolean }
}

/** Scores every result file under `resultsDir` against the BFCL data in `dataDir`. */
export function scoreResults(options: ScoreOptions): ScoreRun {
  const names = optionNames(options)
  const files = findResultFiles(options.resultsDir, names.resultsDir)
  checkKeepDotsFor(options.keepDotsFor ?? [], [...new Set(files.map((file) => file.model))], options.resultsDir, names)
  const skipped: { file: string; reason: string }[] = []
  const byModel = new Map<string, { file: ResultFile; lines: ResultLine[] }[]>()
  for (const file of files) {
    if (!scoredCategories.includes(file.category) && !isMultiTurnCategory(file.category)) {
      skipped.push({ file: file.file, reason: `category "${file.category}" is outside bfcl score's scope (single-turn AST and relevance)` })
      continue
    }
    const list = byModel.get(file.model) ?? []
    list.push({ file, lines: readResultFile(file.file) })
    byModel.set(file.model, list)
  }
  // A category's data is loaded once, for the first model with results for it.
  const loadOnce = <T>(load: (dataDir: string, category: string, option: string) => T) => {
    const loaded = new Map<string, T>()
    return (name: string): T => getOrCreate(loaded, name, () => load(options.dataDir, name, names.dataDir))
  }
  const category = loadOnce(loadCategory)
  const multiTurnData = loadOnce(loadMultiTurnCategory)
  const verdicts: VerdictRecord[] = []
  const summaries: ModelSummary[] = []
  const modes: Record<string, DecodeMode> = {}
  const mangled: Record<string, boolean> = {}
  for (const [model, modelFiles] of byModel) {
    const mode = !options.mode || options.mode === 'auto' ? detectMode(modelFiles.flatMap((entry) => entry.lines)) : options.mode
    modes[model] = mode
    const underscoreToDot = options.underscoreToDot === true && mode === 'fc' && !(options.keepDotsFor ?? []).includes(model)
    mangled[model] = underscoreToDot
    const scores: Record<string, ReturnType<typeof categoryScore>> = {}
    // One BFCL process per model: multi-turn categories share module-level state, in BFCL's category order.
    const process = new Map<string, unknown>()
    const multiTurnFiles = modelFiles.filter(({ file }) => isMultiTurnCategory(file.category))
      .sort((a, b) => multiTurnCategories.indexOf(a.file.category) - multiTurnCategories.indexOf(b.file.category))
    for (const { file, lines } of multiTurnFiles) {
      if (file.category === 'multi_turn_long_context') installLongContext(process, givenLongContext(options.bfclSource, `${file.file} (multi_turn_long_context)`, names))
      const scored = scoreMultiTurnFile(file.file, file.category, lines, multiTurnData(file.category), process)
      for (const { id, verdict } of scored.rows) {
        verdicts.push({ model, id, category: file.category, valid: verdict.valid, error_type: verdict.errorType, error_turn: verdict.errorTurn, error: verdict.errorMessage === null ? [] : [verdict.errorMessage] })
      }
      if (scored.unscored.length === 0 && scored.failed.length === 0) scores[file.category] = categoryScore(scored.rows.filter((row) => row.verdict.valid).length, lines.length)
      if (scored.unscored.length > 0) {
        const classes = [...new Set(scored.unscored.flatMap((entry) => entry.classes))].sort()
        skipped.push({ file: file.file, reason: `${scored.unscored.length} of ${lines.length} entries involve classes toolgauge has no environment for yet (${classes.join(', ')}): those entries are not scored and the category has no accuracy` })
      }
      if (scored.failed.length > 0) {
        const first = scored.failed[0]!
        skipped.push({ file: file.file, reason: `toolgauge's BFCL environments failed on ${scored.failed.length} of ${lines.length} entries (first ${first.id}: ${first.error}) — a toolgauge defect, please report it: those entries are not scored and the category has no accuracy` })
      }
    }
    for (const { file, lines } of modelFiles) {
      if (isMultiTurnCategory(file.category)) continue
      const data = category(file.category)
      let correct = 0
      for (const line of lines) {
        const entry = data.entries.get(line.id)
        if (!entry) throw new InputError(`id "${line.id}" is not in the BFCL data for ${file.category}`, { file: file.file, line: line.line, field: 'id' })
        const verdict = entryVerdict({
          category: file.category,
          docs: entry.docs,
          answer: entry.answer,
          result: line.result,
          mode,
          underscoreToDot,
        })
        if (verdict.valid) correct++
        verdicts.push({ model, id: line.id, category: file.category, valid: verdict.valid, error_type: verdict.errorType, error: verdict.errors })
      }
      scores[file.category] = categoryScore(correct, lines.length)
    }
    summaries.push({ model, categories: scores, groups: groupScores(scores) })
  }
  return { verdicts, summaries, skipped, modes, underscoreToDot: mangled }
}

/** An exemption naming no model folder would silently exempt nothing (a typo leaves that model mangled). */
function checkKeepDotsFor(keepDotsFor: readonly string[], models: readonly string[], resultsDir: string, names: OptionNames): void {
  for (const model of keepDotsFor) {
    if (models.includes(model)) continue
    throw new InputError(`no model folder "${model}" under ${resultsDir}${didYouMean(model, models)}; the model folders are: ${models.join(', ') || '(none)'}`, { field: names.keepDotsFor })
  }
}
