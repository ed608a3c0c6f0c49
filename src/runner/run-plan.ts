import type { Case } from '../core/case.ts'
import { resultKey, type JournalPosition } from '../report/journal.ts'

/** One task of a run by its parts: which case (its index in the run's cases), which model (its index in the run's list), which repeat. */
export type PlannedTask = { readonly caseIndex: number; readonly modelIndex: number; readonly repeat: number }

/**
 * The run's tasks — cases × models × repeats, in report order (suite, case, model, repeat) — and where each
 * finished result sits in the journal. A task is its index: its parts are arithmetic over the three lists, and
 * positions live in two typed arrays (12 bytes a task), not an object, key string and map entry per task.
 */
export class RunPlan {
  readonly size: number
  private readonly offsets: Float64Array
  /** Line length per task; -1 while the task has no journaled result. */
  private readonly lengths: Int32Array

  constructor(
    caseCount: number,
    private readonly models: readonly string[],
    private readonly repeats: number,
  ) {
    this.size = caseCount * models.length * repeats
    this.offsets = new Float64Array(this.size)
    this.lengths = new Int32Array(this.size).fill(-1)
  }

  /** The parts of task `index`. */
  task(index: number): PlannedTask {
    const repeat = index % this.repeats
    const pair = (index - repeat) / this.repeats
    const modelIndex = pair % this.models.length
    return { caseIndex: (pair - modelIndex) / this.models.length, modelIndex, repeat }
  }

  /** The index of the task of case `caseIndex`, model `modelIndex`, repeat `repeat`. */
  indexOf(caseIndex: number, modelIndex: number, repeat: number): number {
    return (caseIndex * this.models.length + modelIndex) * this.repeats + repeat
  }

  /** The result key of task `index`, whose case is `testCase` (report/journal.ts `resultKey`). */
  key(index: number, testCase: Pick<Case, 'suite' | 'id' | 'variant'>): string {
    const { modelIndex, repeat } = this.task(index)
    return resultKey({ suite: testCase.suite, case: testCase.id, model: this.models[modelIndex]!, repeat, variant: testCase.variant })
  }

  /** Records where task `index`'s result was journaled. */
  setPosition(index: number, position: JournalPosition): void {
    this.offsets[index] = position.offset
    this.lengths[index] = position.length
  }

  /** Where task `index`'s result is journaled, if it has one. */
  position(index: number): JournalPosition | undefined {
    const length = this.lengths[index]!
    return length === -1 ? undefined : { offset: this.offsets[index]!, length }
  }

  /** The indices of the tasks without a journaled result, in plan order. */
  pending(): number[] {
    const indices: number[] = []
    for (let index = 0; index < this.size; index++) if (this.lengths[index] === -1) indices.push(index)
    return indices
  }

  /** The positions of every journaled result, in plan (report) order. */
  *journaled(): Generator<JournalPosition> {
    for (let index = 0; index < this.size; index++) {
      const position = this.position(index)
      if (position) yield position
    }
  }
}
