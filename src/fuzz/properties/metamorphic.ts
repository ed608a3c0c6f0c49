import fc from 'fast-check'
import { feed, mutantProbe, showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { validProbes } from './drawn-probes.ts'
import { render, renderings, reorderKeys, type Rendering } from '../render.ts'

type Pair = { readonly original: Probe; readonly variant: Probe; readonly change: string }

/**
 * `metamorphic`: key order — and on the wire, whitespace, `1` vs `1.0` and escaped keys — do not change the verdict.
 * (Key casing is a different key: the `rejection` property's camelCase-key mutants check it is rejected.)
 */
export const metamorphic: PropertySpec<Pair | undefined> = {
  name: 'metamorphic',
  arbitrary(context) {
    const probes = fc.oneof(validProbes(context), context.inputs.invalid.map(mutantProbe))
    const style: fc.Arbitrary<Rendering | undefined> = context.parser ? fc.constantFrom(...renderings) : fc.constant(undefined)
    return fc.tuple(probes, fc.array(fc.nat({ max: 9 }), { maxLength: 6 }), style).map(([probe, order, rendering]): Pair | undefined => {
      if (probe === undefined || probe.form !== 'value') return undefined
      const reordered = reorderKeys(probe.value, order)
      if (rendering === undefined) return { original: probe, variant: { ...probe, value: reordered }, change: 'key order' }
      return {
        original: { form: 'raw', raw: JSON.stringify(probe.value), kind: 'canonical' },
        variant: { form: 'raw', raw: render(reordered, rendering), kind: rendering },
        change: `key order and ${rendering} rendering`,
      }
    })
  },
  async check(pair, context) {
    if (pair === undefined || JSON.stringify(showProbe(pair.original)) === JSON.stringify(showProbe(pair.variant))) return { status: 'vacuous' }
    const [first, second] = [await feed(context, pair.original), await feed(context, pair.variant)]
    if (first.accepted === second.accepted) return { status: 'pass' }
    const verdict = (accepted: boolean): string => (accepted ? 'accepted' : 'rejected')
    return { status: 'fail', message: `the verdict changed with ${pair.change}: ${verdict(first.accepted)} as generated, ${verdict(second.accepted)} after the change` }
  },
  show: (pair) => pair && { original: showProbe(pair.original), variant: showProbe(pair.variant) },
}
