import { erroredCause, verdictOf, type VerdictFields } from '../core/verdict.ts'
import type { GateResult } from '../gates/gates.ts'
import { hasMetricGate, unmetMustPass } from '../gates/unmet-must-pass.ts'
import type { RunCut } from './bail.ts'

/**
 * The verdict of a run (or of merged shards): 130 interrupted, 2 when the user's harness code (a hook) threw,
 * 3 when a provider failed (after retries, or refusing the request: a 401/403 is errored, not the model's failure), 1 when a gate failed; with metric gates (`--min-accuracy`, config
 * `gates:`) the gates alone decide, otherwise (no gate, or only suite token budgets) every case must pass. A run cut
 * by `--bail` is 1 whatever its gates say: its cases did not all run, so no gate over them can be said to pass; one cut
 * by `--max-cost` is 4 (the spending limit, not the model, ended it). `mustPass` are results no metric gate covers
 * though others are (`merge` of a report whose run had none): each must pass, as its own run's exit code asked.
 */
export function exitCodeFor(results: readonly VerdictFields[], gates: readonly GateResult[], interrupted = false, cut?: RunCut['reason'], mustPass: readonly VerdictFields[] = []): 0 | 1 | 2 | 3 | 4 | 130 {
  if (interrupted) return 130
  const causes = new Set(results.map((result) => erroredCause(result)))
  // The user's own code failing is like bad input (exit 2), and says more than an outage next to it.
  if (causes.has('harness')) return 2
  if (causes.has('outage')) return 3
  if (cut === 'max-cost') return 4
  if (cut) return 1
  if (gates.some((gate) => !gate.passed)) return 1
  // Errored results ended above (2, 3): what remains of the must-pass results is passed or failed.
  if (hasMetricGate(gates)) return unmetMustPass(gates, mustPass).length === 0 ? 0 : 1
  return results.every((result) => verdictOf(result) === 'passed') ? 0 : 1
}
