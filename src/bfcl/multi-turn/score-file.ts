import { InputError } from '../../core/errors.ts'
import { describeThrown } from '../../core/thrown.ts'
import type { ResultLine } from '../results.ts'
import { checkMultiTurnEntry, type MultiTurnVerdict } from './check-entry.ts'
import { idOrder, type MultiTurnEntry } from './data.ts'
import type { ProcessState } from './environment.ts'
import { environmentFactory } from './environments/index.ts'

/** One scored multi-turn entry. */
export type MultiTurnRow = { readonly id: string; readonly verdict: MultiTurnVerdict }

/**
 * A multi-turn result file's verdicts, and the entries it could not score: a class with no environment yet
 * (`unscored`), or an environment of toolgauge's that failed on the entry (`failed`: a defect of the port, not of
 * the model, so no verdict is given — the file's category then has no accuracy, as for `unscored`).
 */
export type MultiTurnFileScore = {
  readonly rows: readonly MultiTurnRow[]
  readonly unscored: readonly { readonly id: string; readonly classes: readonly string[] }[]
  readonly failed: readonly { readonly id: string; readonly error: string }[]
}

/**
 * Scores one multi-turn result file as BFCL does: entries in id order, each on fresh instances, all sharing
 * `process` (BFCL's module globals: one process per model, categories in the order given by the caller).
 */
export function scoreMultiTurnFile(file: string, category: string, lines: readonly ResultLine[], entries: ReadonlyMap<string, MultiTurnEntry>, process: ProcessState): MultiTurnFileScore {
  const rows: MultiTurnRow[] = []
  const unscored: { id: string; classes: string[] }[] = []
  const failed: { id: string; error: string }[] = []
  for (const line of [...lines].sort((a, b) => idOrder(a.id, b.id))) {
    const entry = entries.get(line.id)
    if (!entry) throw new InputError(`id "${line.id}" is not in the BFCL data for ${category}`, { file, line: line.line, field: 'id' })
    const missing = entry.involvedClasses.filter((name) => !environmentFactory(name))
    if (missing.length > 0) {
      unscored.push({ id: line.id, classes: missing })
      continue
    }
    try {
      rows.push({ id: line.id, verdict: checkMultiTurnEntry(entry, { result: line.result, process, longContext: category === 'multi_turn_long_context' }) })
    } catch (error) {
      // What the model sent is answered as Python would (a Python error is a result string); anything else thrown
      // here is toolgauge's own failure, which must neither stop the other entries nor count against the model.
      if (error instanceof InputError) throw error
      failed.push({ id: line.id, error: describeThrown(error) })
    }
  }
  return { rows, unscored, failed }
}
