import fc from 'fast-check'
import { feed, preview, showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { leafCount, truncateValue } from '../truncate.ts'

/**
 * `truncation_safety`: a payload cut at any offset never executes — neither the raw prefix (through the parser) nor
 * the valid-looking JSON a bracket-closing repair makes of it when that misses required fields. Repairs never excuse it.
 */
export const truncationSafety: PropertySpec<Probe> = {
  name: 'truncation_safety',
  arbitrary(context) {
    const raw = context.parser !== undefined
    return fc.tuple(context.inputs.valid, fc.nat(), fc.nat({ max: 8 }), raw ? fc.boolean() : fc.constant(false)).map(([value, at, partial, asRaw]): Probe => {
      if (asRaw) {
        const json = JSON.stringify(value)
        const offset = at % Math.max(1, json.length)
        return { form: 'raw', raw: json.slice(0, offset), kind: 'truncated', }
      }
      const keep = at % Math.max(1, leafCount(value))
      return { form: 'value', value: truncateValue(value, keep, partial), kind: 'truncated', path: `after ${keep} of ${leafCount(value)} values` }
    })
  },
  async check(probe, context) {
    if (probe.form === 'value' && context.oracle(probe.value)) return { status: 'vacuous' }
    const outcome = await feed(context, probe)
    if (!outcome.accepted) return { status: 'pass' }
    const what = probe.form === 'raw' ? `a payload truncated to ${probe.raw.length} characters` : `arguments truncated ${probe.path ?? ''}`
    return { status: 'fail', message: `executed ${what}; passed on ${preview(outcome.passedOn)}` }
  },
  show: showProbe,
}
