import type { GateResult } from '../gates/gates.ts'

/** Prints each gate with its value and verdict. */
export function printGates(gates: readonly GateResult[]): void {
  if (gates.length === 0) return
  process.stdout.write('\nGates:\n')
  for (const gate of gates) {
    const value = gate.value === null ? 'n/a' : Number.isInteger(gate.value) ? String(gate.value) : gate.value.toFixed(3)
    const scope = gate.scope ? ` (${gate.scope})` : ''
    const detail = gate.detail ? ` — ${gate.detail}` : ''
    process.stdout.write(`  ${gate.passed ? '✓' : '✗'} ${gate.name} [${gate.model}]${scope}: ${value} (threshold ${gate.threshold})${detail}\n`)
  }
}
