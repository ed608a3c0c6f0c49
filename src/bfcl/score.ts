import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { loadCategory, type BfclCategory } from './data.ts'
import type { DecodeMode } from './decode.ts'
import { entryVerdict } from './entry-verdict.ts'
import { detectMode, findResultFiles, readResultFile, type ResultFile, type ResultLine } from './results.ts'
import { categoryScore, groupScores, type ModelSummary } from './summary.ts'

/** The single-turn categories `bfcl score` checks: 8 AST categories and 3 relevance categories. */
export const scoredCategories = [
  'simple_python', 'multiple', 'parallel', 'parallel_multiple',
  'live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple',
  'irrelevance', 'live_irrelevance', 'live_relevance',
] as const

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
}

/** One line of verdicts.jsonl (BFCL's field names; `error_type` null when valid). */
export type VerdictRecord = {
  readonly model: string
  readonly id: string
  readonly category: string
  readonly valid: boolean
  readonly error_type: string | null
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
  const files = findResultFiles(options.resultsDir)
  checkKeepDotsFor(options.keepDotsFor ?? [], [...new Set(files.map((file) => file.model))], options.resultsDir)
  const skipped: { file: string; reason: string }[] = []
  const byModel = new Map<string, { file: ResultFile; lines: ResultLine[] }[]>()
  for (const file of files) {
    if (!(scoredCategories as readonly string[]).includes(file.category)) {
      skipped.push({ file: file.file, reason: `category "${file.category}" is outside bfcl score's scope (single-turn AST and relevance)` })
      continue
    }
    const list = byModel.get(file.model) ?? []
    list.push({ file, lines: readResultFile(file.file) })
    byModel.set(file.model, list)
  }
  const categories = new Map<string, BfclCategory>()
  const category = (name: string) => {
    let loaded = categories.get(name)
    if (!loaded) categories.set(name, (loaded = loadCategory(options.dataDir, name)))
    return loaded
  }
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
    for (const { file, lines } of modelFiles) {
      const data = category(file.category)
      let correct = 0
      for (const line of lines) {
        const entry = data.entries.get(line.id)
        if (!entry) throw new InputError(`id "${line.id}" is not in the BFCL data for ${file.category}`, { file: file.file, line: line.line, field: 'id' })
        const verdict = entryVerdict({
          category: file.category,
          docs: entry.docs,
          ...(entry.answer !== undefined ? { answer: entry.answer } : {}),
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
function checkKeepDotsFor(keepDotsFor: readonly string[], models: readonly string[], resultsDir: string): void {
  for (const model of keepDotsFor) {
    if (models.includes(model)) continue
    throw new InputError(`no model folder "${model}" under ${resultsDir}${didYouMean(model, models)}; the model folders are: ${models.join(', ') || '(none)'}`, { field: '--keep-dots-for' })
  }
}
