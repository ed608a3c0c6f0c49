import fc from 'fast-check'
import { isPlainObject } from '../../core/plain-object.ts'
import { runParser } from '../subject.ts'
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
    if (context.parser) {
      // A parser that falls back to {} is a silent drop even when the validator then rejects the call: the model is
      // told "missing required property" about arguments it did send (earendil-works/pi#8858).
      const raw = probe.form === 'raw' ? probe.raw : (JSON.stringify(probe.value) ?? 'null')
      const parsed = await runParser(context.parser, context.tool, raw)
      if (parsed.ok && isEmptyObject(parsed.value)) {
        return { status: 'fail', message: `the parser turned non-empty arguments (${describeProbe(probe)}) into {}` }
      }
    }
    const outcome = await feed(context, probe)
    if (outcome.accepted && isEmptyObject(outcome.passedOn)) {
      return { status: 'fail', message: `non-empty arguments (${describeProbe(probe)}) were accepted and passed on as {}` }
    }
    return { status: 'pass' }
  },
  show: showProbe,
}

const isEmptyObject = (value: unknown): boolean => isPlainObject(value) && Object.keys(value).length === 0
