import { InputError } from '../core/errors.ts'
import type { OptionNames } from '../core/option-names.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import type { Gate } from '../gates/gates.ts'
import type { PlannedTask } from './run-plan.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/**
 * `--repeat-until <N>`: repeats run in rounds (round r runs repeat r of every case still going), and a case whose
 * scored results so far all agree stops early when its remaining repeats cannot move any min-accuracy gate
 * decision of its row — curtailed sampling with a deterministic worst-case bound: a stopped case's remaining
 * repeats are assumed to go all the other way. When every case is done the bound is checked again on the final
 * figures; a row whose decision the stopped cases could still move re-opens them (largest possible movement first)
 * and runs their remaining repeats. So the gate decision is exactly the one all N repeats would give to the same
 * results (error rate 0), and gates read the mean of per-case pass rates (`caseMeanAccuracy`), which stays
 * unbiased when cases ran different numbers of repeats.
 */

/** What report.json `run.repeatUntil` records. */
export type RepeatUntilRecord = {
  readonly max: number
  readonly rule: 'curtailed-worst-case'
  /** Repeats that ran (journaled results), against `planned` = cases × models × max. */
  readonly repeatsRun: number
  readonly planned: number
  /** Cases (case × model) that stopped before `max` repeats. */
  readonly casesStopped: number
  /** Stopped cases the final check re-opened. */
  readonly reopened: number
}

/** One case × model of the run, with its repeats' tasks in repeat order and its tally so far. */
type Unit = {
  readonly tasks: readonly PlannedTask[]
  /** Repeats whose result came back (errored ones included). */
  done: number
  scored: number
  passed: number
  stopped: boolean
  /** Re-opened by the final check: runs to the end, never stopped again. */
  reopened: boolean
  /** The summary row (model, variant) the case belongs to: known once its first result is in. */
  row?: string
  model?: string
}

/** The mean of per-case pass rates over cases with a scored result (null when none has). */
export function caseMeanPassRate(tallies: readonly { readonly passed: number; readonly scored: number }[]): number | null {
  let sum = 0
  let count = 0
  for (const tally of tallies) {
    if (tally.scored === 0) continue
    sum += tally.passed / tally.scored
    count++
  }
  return count === 0 ? null : sum / count
}

// Float sums in another order differ in the last bits: a decision is only called settled with this much to spare.
const slack = 1e-9

/** The min-accuracy thresholds of the run's gates that apply to one model (what a stopped case must not move the mean across). */
export function minAccuracyThresholds(gates: readonly Gate[], model: string): number[] {
  return gates.flatMap((gate) => (gate.type === 'min-accuracy' && (gate.model === undefined || gate.model === model) && !gate.exceptModels?.includes(model) ? [gate.threshold] : []))
}

/**
 * The round scheduler of a `--repeat-until` run: `next()` gives the tasks of the next round (empty when the run is
 * done), `record()` takes each result. `thresholds(model)` lists the min-accuracy thresholds that gate a model.
 */
export class RepeatRounds {
  private readonly units: Unit[] = []
  private readonly byTask = new Map<PlannedTask, Unit>()
  private reopened = 0

  constructor(plan: readonly PlannedTask[], private readonly max: number, private readonly thresholds: (model: string) => readonly number[]) {
    const byCase = new Map<string, PlannedTask[]>()
    for (const task of plan) {
      getOrCreate(byCase, `${task.caseIndex}:${task.modelIndex}`, () => []).push(task)
    }
    for (const tasks of byCase.values()) {
      const unit: Unit = { tasks: [...tasks].sort((a, b) => a.repeat - b.repeat), done: 0, scored: 0, passed: 0, stopped: false, reopened: false }
      this.units.push(unit)
      for (const task of tasks) this.byTask.set(task, unit)
    }
  }

  /** Counts one result of a task of this run. */
  record(task: PlannedTask, result: CaseResult): void {
    const unit = this.byTask.get(task)
    if (!unit) return
    unit.done++
    unit.row ??= JSON.stringify([result.model, result.variant ?? null])
    unit.model ??= result.model
    const verdict = verdictOf(result)
    if (verdict === 'errored') return
    unit.scored++
    if (verdict === 'passed') unit.passed++
  }

  /**
   * The next round's tasks: first the stopping decisions on what has come back, then repeat `done` of every case
   * still going. When none is going, the final check may re-open stopped cases; empty means the run is complete.
   */
  next(): PlannedTask[] {
    for (const units of this.rows().values()) this.stopWhereSafe(units)
    const round = this.round()
    if (round.length > 0) return round
    for (const units of this.rows().values()) this.reopenWhereUnsafe(units)
    return this.round()
  }

  /** What report.json records. */
  summary(): RepeatUntilRecord {
    let repeatsRun = 0
    let planned = 0
    let stopped = 0
    for (const unit of this.units) {
      repeatsRun += unit.done
      planned += unit.tasks.length
      if (unit.done < unit.tasks.length) stopped++
    }
    return { max: this.max, rule: 'curtailed-worst-case', repeatsRun, planned, casesStopped: stopped, reopened: this.reopened }
  }

  private round(): PlannedTask[] {
    // A task that came back without a result (an interrupted case) is not retried here: the run is stopping.
    return this.units.flatMap((unit) => (!unit.stopped && unit.done < unit.tasks.length ? [unit.tasks[unit.done]!] : []))
  }

  private rows(): Map<string, Unit[]> {
    const rows = new Map<string, Unit[]>()
    for (const unit of this.units) {
      if (unit.row !== undefined) getOrCreate(rows, unit.row, () => []).push(unit)
    }
    return rows
  }

  /**
   * How far a stopped (or stopping) case can move the row's mean down and up: the extremes its pass rate can reach
   * after its remaining repeats (each may pass, fail or error), around its rate now. Only scored cases are asked.
   */
  private movement(unit: Unit, cases: number): { down: number; up: number } {
    const remaining = unit.tasks.length - unit.done
    const now = unit.passed / unit.scored
    const low = unit.passed / (unit.scored + remaining)
    const high = (unit.passed + remaining) / (unit.scored + remaining)
    return { down: (now - low) / cases, up: (high - now) / cases }
  }

  /**
   * Stops the unanimous cases of a row while the worst case of every stopped case's remaining repeats together
   * keeps each threshold on the side the row's mean is on now. Going cases are taken at their rate so far: a guess,
   * which the final check (`reopenWhereUnsafe`) makes safe.
   */
  private stopWhereSafe(units: readonly Unit[]): void {
    const thresholds = this.thresholds(units[0]!.model!)
    if (thresholds.length === 0) return
    const scored = units.filter((unit) => unit.scored > 0)
    const mean = caseMeanPassRate(scored)
    if (mean === null) return
    let downRoom = Infinity
    let upRoom = Infinity
    for (const threshold of thresholds) {
      if (mean >= threshold) downRoom = Math.min(downRoom, mean - threshold - slack)
      else upRoom = Math.min(upRoom, threshold - mean - slack)
    }
    let down = 0
    let up = 0
    for (const unit of scored) {
      if (!unit.stopped) continue
      const moved = this.movement(unit, scored.length)
      down += moved.down
      up += moved.up
    }
    // Cheapest first: those with the fewest repeats left move the mean least.
    const candidates = scored
      .filter((unit) => !unit.stopped && !unit.reopened && unit.done < unit.tasks.length && (unit.passed === 0 || unit.passed === unit.scored))
      .sort((a, b) => a.tasks.length - a.done - (b.tasks.length - b.done))
    for (const unit of candidates) {
      const moved = this.movement(unit, scored.length)
      if (down + moved.down > downRoom || up + moved.up > upRoom) continue
      down += moved.down
      up += moved.up
      unit.stopped = true
    }
  }

  /**
   * The final check of a row whose going cases are complete: if the stopped cases' worst case could carry the mean
   * across a threshold, re-open them, largest movement first, until what stays stopped cannot.
   */
  private reopenWhereUnsafe(units: readonly Unit[]): void {
    const thresholds = this.thresholds(units[0]!.model!)
    const stopped = units.filter((unit) => unit.stopped)
    if (stopped.length === 0) return
    const scored = units.filter((unit) => unit.scored > 0)
    const mean = caseMeanPassRate(scored)!
    const moves = stopped.map((unit) => ({ unit, ...this.movement(unit, scored.length) })).sort((a, b) => Math.max(b.down, b.up) - Math.max(a.down, a.up))
    let down = moves.reduce((total, move) => total + move.down, 0)
    let up = moves.reduce((total, move) => total + move.up, 0)
    const settled = () => thresholds.every((threshold) => (mean >= threshold ? mean - down >= threshold + slack : mean + up < threshold - slack))
    for (const move of moves) {
      if (settled()) return
      move.unit.stopped = false
      move.unit.reopened = true
      this.reopened++
      down -= move.down
      up -= move.up
    }
  }
}

/**
 * Refuses what a `--repeat-until` run cannot honour (InputError, exit 2): it decides on min-accuracy gates, so one
 * is needed and the gates over call rates (which unrun repeats could move without bound) are refused; a shard
 * sees part of each row's cases and --resume does not know which repeats a round had stopped; --bail and
 * --max-cost would cut rounds the decision relies on.
 */
export function checkRepeatUntil(options: {
  readonly repeat?: number
  readonly shard?: unknown
  readonly resume?: boolean
  readonly bail?: number
  readonly maxCostUsd?: number
  readonly gates?: readonly { readonly type: string }[]
}, names: OptionNames): void {
  const refuse = (message: string) => new InputError(message, { field: names.repeatUntil })
  if (options.repeat !== undefined && options.repeat > 1) throw refuse(`give ${names.repeat} or ${names.repeatUntil}, not both`)
  if (options.shard !== undefined) throw refuse(`cannot run as a shard: it decides on the whole suite's gates (run shards with ${names.repeat})`)
  if (options.resume) throw refuse(`${names.resume} does not continue a ${names.repeatUntil} run (run it again, or use ${names.repeat})`)
  if (options.bail !== undefined) throw refuse(`cannot be combined with ${names.bail}`)
  if (options.maxCostUsd !== undefined) throw refuse(`cannot be combined with ${names.maxCost}`)
  const gates = options.gates ?? []
  if (!gates.some((gate) => gate.type === 'min-accuracy')) throw refuse(`needs ${names.minAccuracyGate}: it stops a case once more repeats cannot change that gate's decision`)
  const other = gates.find((gate) => gate.type !== 'min-accuracy')
  if (other) throw refuse(`decides on min-accuracy gates only; ${other.type} is a rate over calls that repeats it did not run could move (use ${names.repeat})`)
}
