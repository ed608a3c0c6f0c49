import fc from 'fast-check'
import { deepEqual } from '../json.ts'
import { describeProbe, feed, mutantProbe, preview, showProbe, wireProbe, type Probe, type PropertySpec } from '../probe.ts'

/**
 * `rejection`: every invalid input is rejected. Accepting one is a finding even when the value passed on is a repaired,
 * valid one — unless repairs are allowed; then a repair the oracle accepts is counted as a repair, not a finding.
 */
export const rejection: PropertySpec<Probe | undefined> = {
  name: 'rejection',
  needsParser: false,
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
    const original = probe.form === 'value' ? probe.value : undefined
    const changed = probe.form === 'raw' || !deepEqual(outcome.passedOn, original)
    const passed = changed ? `; passed on ${preview(outcome.passedOn)}` : ''
    const why = context.allowRepair ? ' (the repaired value is still invalid)' : changed && repairedOk ? ' (repaired silently; pass --allow-repair if repairs are intended)' : ''
    return { status: 'fail', message: `accepted an invalid input (${describeProbe(probe)})${passed}${why}` }
  },
  show: showProbe,
}
