import { isPlainObject } from '../../core/plain-object.ts'
import { runParser } from '../subject.ts'
import { describeProbe, feed, nonEmpty, showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { anyProbes } from './drawn-probes.ts'

/** `no_silent_drop`: a repair never turns non-empty arguments into `{}` (vllm-project/vllm#54964, earendil-works/pi#8858). */
export const noSilentDrop: PropertySpec<Probe | undefined> = {
  name: 'no_silent_drop',
  arbitrary: anyProbes,
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
