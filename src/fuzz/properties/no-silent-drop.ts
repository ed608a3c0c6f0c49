import fc from 'fast-check'
import { isPlainObject } from '../json.ts'
import { describeProbe, feed, mutantProbe, nonEmpty, showProbe, wireProbe, type Probe, type PropertySpec } from '../probe.ts'

/** `no_silent_drop`: a repair never turns non-empty arguments into `{}` (vllm-project/vllm#54964, earendil-works/pi#8858). */
export const noSilentDrop: PropertySpec<Probe | undefined> = {
  name: 'no_silent_drop',
  needsParser: false,
  arbitrary(context) {
    const valid = context.inputs.valid.map((value): Probe => ({ form: 'value', value }))
    const invalid = context.inputs.invalid.map(mutantProbe)
    const sources: fc.Arbitrary<Probe | undefined>[] = [valid, invalid]
    if (context.parser) sources.push(context.inputs.wire.map(wireProbe))
    return fc.oneof(...sources)
  },
  async check(probe, context) {
    if (probe === undefined || !nonEmpty(probe)) return { status: 'vacuous' }
    const outcome = await feed(context, probe)
    if (outcome.accepted && isPlainObject(outcome.passedOn) && Object.keys(outcome.passedOn).length === 0) {
      return { status: 'fail', message: `non-empty arguments (${describeProbe(probe)}) were accepted and passed on as {}` }
    }
    return { status: 'pass' }
  },
  show: showProbe,
}
