import { literalEquals } from '../../core/exact-number.ts'
import { feed, preview, showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { validProbes } from './drawn-probes.ts'

/** `acceptance`: every valid input is accepted and passed on unchanged (catches over-strict and rewriting validators). */
export const acceptance: PropertySpec<Probe> = {
  name: 'acceptance',
  arbitrary: validProbes,
  async check(probe, context) {
    if (probe.form !== 'value' || !context.oracle(probe.value)) return { status: 'vacuous' }
    const outcome = await feed(context, probe)
    if (!outcome.accepted) {
      const who = outcome.stage === 'parser' ? 'the parser' : 'the validator'
      return { status: 'fail', message: outcome.threw !== undefined ? `${who} threw on a valid input: ${outcome.threw}` : `${who} rejected a valid input` }
    }
    if (!literalEquals(probe.value, outcome.passedOn)) {
      return { status: 'fail', message: `accepted a valid input but passed on a changed value: ${preview(outcome.passedOn)}` }
    }
    return { status: 'pass' }
  },
  show: showProbe,
}
