import type { JournalPosition } from '../report/journal.ts'

/**
 * One task of a run: which case (its index in the run's cases), which model (its index in the run's list), which
 * repeat — and, once its result is journaled (or kept by --resume), where that result sits in the journal.
 */
export type PlannedTask = { readonly caseIndex: number; readonly modelIndex: number; readonly repeat: number; position?: JournalPosition }

/**
 * The run's tasks — cases × models × repeats — in report order (suite, case, model, repeat); `answers` leaves out
 * the cases a model does not run (a model entry's `suites:`).
 */
export function planTasks(caseCount: number, modelCount: number, repeats: number, answers: (caseIndex: number, modelIndex: number) => boolean = () => true): PlannedTask[] {
  const tasks: PlannedTask[] = []
  for (let caseIndex = 0; caseIndex < caseCount; caseIndex++) {
    for (let modelIndex = 0; modelIndex < modelCount; modelIndex++) {
      if (!answers(caseIndex, modelIndex)) continue
      for (let repeat = 0; repeat < repeats; repeat++) tasks.push({ caseIndex, modelIndex, repeat })
    }
  }
  return tasks
}
