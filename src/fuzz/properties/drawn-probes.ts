import fc from 'fast-check'
import { mutantProbe, wireProbe, type FuzzContext, type Probe } from '../probe.ts'

// Apart from probe.ts because these call fast-check: probe.ts also lists the property names `fuzz --help` prints,
// and --help must not load fast-check (test/package/consumer.test.ts).

/** The tool's valid arguments as value probes. */
export const validProbes = (context: FuzzContext): fc.Arbitrary<Probe> => context.inputs.valid.map((value): Probe => ({ form: 'value', value }))

/** Valid and invalid arguments, and raw-wire mutants when there is a parser: every kind of input, drawn alike. */
export function anyProbes(context: FuzzContext): fc.Arbitrary<Probe | undefined> {
  const sources: fc.Arbitrary<Probe | undefined>[] = [validProbes(context), context.inputs.invalid.map(mutantProbe)]
  if (context.parser) sources.push(context.inputs.wire.map(wireProbe))
  return fc.oneof(...sources)
}
