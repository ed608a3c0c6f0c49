import fc from 'fast-check'
import { deepEqual } from '../json.ts'
import { describeProbe, feed, mutantProbe, preview, showProbe, wireProbe, type Probe, type PropertySpec } from '../probe.ts'

/** `idempotence`: repairing twice equals repairing once — what was passed on is accepted again, unchanged. */
export const idempotence: PropertySpec<Probe | undefined> = {
  name: 'idempotence',
  needsParser: false,
  arbitrary(context) {
    const valid = context.inputs.valid.map((value): Probe => ({ form: 'value', value }))
    const sources: fc.Arbitrary<Probe | undefined>[] = [valid, context.inputs.invalid.map(mutantProbe)]
    if (context.parser) sources.push(context.inputs.wire.map(wireProbe))
    return fc.oneof(...sources)
  },
  async check(probe, context) {
    if (probe === undefined) return { status: 'vacuous' }
    const once = await feed(context, probe)
    if (!once.accepted) return { status: 'vacuous' }
    const twice = await feed(context, { form: 'value', value: once.passedOn })
    if (!twice.accepted) {
      return { status: 'fail', message: `rejected its own output ${preview(once.passedOn)} (first pass: ${describeProbe(probe)})` }
    }
    if (!deepEqual(twice.passedOn, once.passedOn)) {
      return { status: 'fail', message: `repairing twice differs from once: ${preview(once.passedOn)} then ${preview(twice.passedOn)}` }
    }
    return { status: 'pass' }
  },
  show: showProbe,
}
