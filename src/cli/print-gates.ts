import type { GateResult } from '../gates/gates.ts'
import { nothingMeasured } from '../report/metric-text.ts'
import { inert } from '../report/terminal-text.ts'

/** Prints each gate with its value and verdict; a gate that measured nothing says so ("—"). */
export function printGates(gates: readonly GateResult[]): void {
  if (gates.length === 0) return
  process.stdout.write('\nGates:\n')
  // Gate names, models and details come from the config and a report file: one inert line each.
  for (const gate of gates) process.stdout.write(`  ${inert(gateLine(gate))}\n`)
}

/** One gate as `toolgauge run` and `merge` print it: `✓ name [model] (scope): value (threshold t) — detail`. */
function gateLine(gate: GateResult): string {
  const value = gate.value === null ? `${nothingMeasured} measured nothing` : Number.isInteger(gate.value) ? String(gate.value) : gate.value.toFixed(3)
  const scope = gate.scope ? ` (${gate.scope})` : ''
  const detail = gate.detail ? ` — ${gate.detail}` : ''
  return `${gate.passed ? '✓' : '✗'} ${gate.name} [${gate.model}]${scope}: ${value} (threshold ${gate.threshold})${detail}`
}
