import type { CaseResult } from '../core/result.ts'
import type { GateResult } from '../gates/gates.ts'
import { unmetMustPassCount } from '../compare/must-pass.ts'

/** One gate verdict of a report file (`report.gates`, GateResult as the runner records it): its model '*' or absent for all. */
export type GateVerdict = Pick<GateResult, 'value' | 'threshold' | 'passed' | 'scope'> & { readonly name: string; readonly model?: string; readonly gate?: unknown }

/** The gate verdicts of a report (`report.gates`), ignoring malformed entries. */
export function reportGates(report: { readonly [key: string]: unknown }): GateVerdict[] {
  const gates = report.gates
  if (!Array.isArray(gates)) return []
  return gates.filter((g): g is GateVerdict => typeof g === 'object' && g !== null && typeof g.name === 'string' && typeof g.passed === 'boolean')
}

/**
 * The gates' headline (report.md, report.html): the decision, not the gate lines alone — a must-pass case that failed
 * (`unmet`, `unmetMustPass`) under passing gates is exit 1, so it is not "all passed".
 */
export function gatesHeadline(gates: readonly GateVerdict[], unmet: readonly CaseResult[]): string {
  const failed = gates.filter((g) => !g.passed).length
  const parts = [...(failed > 0 ? [`${failed} failed`] : []), ...(unmet.length > 0 ? [unmetMustPassCount(unmet.length)] : [])]
  return `Gates: ${parts.length === 0 ? 'all passed' : parts.join('; ')}`
}
