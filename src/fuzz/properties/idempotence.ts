import { literalEquals } from '../../core/exact-number.ts'
import { describeProbe, feed, preview, showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { anyProbes } from './drawn-probes.ts'

/** `idempotence`: repairing twice equals repairing once — what was passed on is accepted again, unchanged. */
export const idempotence: PropertySpec<Probe | undefined> = {
  name: 'idempotence',
  arbitrary: anyProbes,
  async check(probe, context) {
    if (probe === undefined) return { status: 'vacuous' }
    const once = await feed(context, probe)
    if (!once.accepted) return { status: 'vacuous' }
    const twice = await feed(context, { form: 'value', value: once.passedOn })
    if (!twice.accepted) {
      return { status: 'fail', message: `rejected its own output ${preview(once.passedOn)} (first pass: ${describeProbe(probe)})` }
    }
    if (!literalEquals(once.passedOn, twice.passedOn)) {
      return { status: 'fail', message: `repairing twice differs from once: ${preview(once.passedOn)} then ${preview(twice.passedOn)}` }
    }
    return { status: 'pass' }
  },
  show: showProbe,
}
