import fc from 'fast-check'
import { literalEquals } from '../../core/exact-number.ts'
import { describeProbe, feed, mutantProbe, preview, showProbe, wireProbe, type Probe, type PropertySpec } from '../probe.ts'

/**
 * `rejection`: every invalid input is rejected. Accepting one is a finding even when the value passed on is a repaired,
 * valid one — unless repairs are allowed; then a repair the oracle accepts is counted as a repair, not a finding.
 */
export const rejection: PropertySpec<Probe | undefined> = {
  name: 'rejection',
  arbitrary(context) {
    const values = context.inputs.invalid.map(mutantProbe)
    if (!context.parser) return values
    // Truncated payloads have their own property (truncation_safety), where repairs are never allowed.
    const raw = context.inputs.wire.map((mutant) => (mutant?.kind === 'truncated' ? undefined : wireProbe(mutant)))
    return fc.oneof(values, raw)
  },
  async check(probe, context) {
    if (probe === undefined) return { status: 'vacuous' }
    const outcome = await feed(context, probe)
    if (!outcome.accepted) return { status: 'pass' }
    const repairedOk = context.oracle(outcome.passedOn)
    if (context.allowRepair && repairedOk) return { status: 'repaired', kind: probe.kind ?? 'unknown' }
    // A repair happened when what was passed on differs from what plain JSON.parse makes of the input.
    const plain = probe.form === 'value' ? { ok: true, value: probe.value } : jsonParse(probe.raw)
    const repaired = !plain.ok || !literalEquals(plain.value, outcome.passedOn)
    const passed = probe.form === 'raw' || repaired ? `; passed on ${preview(outcome.passedOn)}` : ''
    const why = context.allowRepair ? ' (the repaired value is still invalid)' : repaired && repairedOk ? ` (repaired silently; ${context.names.allowRepair} if repairs are intended)` : ''
    const what = probe.form === 'raw' ? 'malformed raw arguments' : 'an invalid input'
    return { status: 'fail', message: `accepted ${what} (${describeProbe(probe)})${passed}${why}` }
  },
  show: showProbe,
}

function jsonParse(raw: string): { readonly ok: boolean; readonly value?: unknown } {
  try {
    return { ok: true, value: JSON.parse(raw) }
  } catch {
    return { ok: false }
  }
}
