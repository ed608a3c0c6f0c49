import { isPlainObject } from '../core/plain-object.ts'
import { verdictOf, type VerdictFields } from '../core/verdict.ts'
import type { GateResult } from './gates.ts'

/** A gate verdict as far as the decision reads it: its definition (absent in reports written before it was stored). */
export type DecidingGate = Pick<GateResult, 'passed'> & { readonly gate?: unknown }

/** Whether a metric gate is among the verdicts: then the gates decide, and only the must-pass results must pass too. */
export function hasMetricGate(gates: readonly DecidingGate[]): boolean {
  return gates.some((line) => isPlainObject(line.gate) && line.gate.kind === 'metric')
}

/**
 * The results no metric gate covers that failed though they had to pass (`mustPass`: from a merged report without
 * metric gates), when metric gates decide — the one decision `exitCodeFor` makes of them, and that every output
 * (merge's console, report.md, report.html, `toolgauge show`) reads rather than re-derives. Empty without a metric
 * gate: then every case must pass, which the failing cases already say.
 */
export function unmetMustPass<T extends VerdictFields>(gates: readonly DecidingGate[], mustPass: Iterable<T>): T[] {
  const unmet: T[] = []
  if (!hasMetricGate(gates)) return unmet
  for (const result of mustPass) if (verdictOf(result) === 'failed') unmet.push(result)
  return unmet
}
