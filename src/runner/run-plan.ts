import type { JournalPosition } from '../report/journal.ts'

/**
 * One task of a run: which case (its index in the run's cases), which model (its index in the run's list), which
 * repeat — and, once its result is journaled (or kept by --resume), where that result sits in the journal.
 */
export type PlannedTask = { readonly caseIndex: number; readonly modelIndex: number; readonly repeat: number; position?: JournalPosition }

/** The run's tasks — cases × models × repeats — in report order (suite, case, model, repeat). */
export function planTasks(caseCount: number, modelCount: number, repeats: number): PlannedTask[] {
  const tasks: PlannedTask[] = []
  for (let caseIndex = 0; caseIndex < caseCount; caseIndex++) {
    for (let modelIndex = 0; modelIndex < modelCount; modelIndex++) {
      for (let repeat = 0; repeat < repeats; repeat++) tasks.push({ caseIndex, modelIndex, repeat })
    }
  }
  return tasks
}
