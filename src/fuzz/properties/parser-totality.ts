import fc from 'fast-check'
import { showProbe, type Probe, type PropertySpec } from '../probe.ts'
import { runParser } from '../subject.ts'
import { wireKinds, wireMutation } from '../wire-mutations.ts'

const oddities = ['', ' ', 'null', 'undefined', '[]', '"{}"', '{', '}', '{"a":', 'NaN', '{}""', '```', '\u0000', '{"__proto__":null}']

/** `parser_totality`: the parser never throws — on raw-wire mutants, on odd strings, on arbitrary text. */
export const parserTotality: PropertySpec<Probe> = {
  name: 'parser_totality',
  needsParser: true,
  arbitrary: (context) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(context.inputs.valid, fc.constantFrom(...wireKinds), fc.nat()).map(([value, kind, at]): Probe => ({ form: 'raw', ...wireMutation(value, kind, at) })) },
      { weight: 1, arbitrary: fc.constantFrom(...oddities).map((raw): Probe => ({ form: 'raw', raw, kind: 'oddity' })) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((raw): Probe => ({ form: 'raw', raw, kind: 'random-text' })) },
    ),
  async check(probe, context) {
    if (probe.form !== 'raw' || !context.parser) return { status: 'vacuous' }
    const result = await runParser(context.parser, context.tool, probe.raw)
    return result.threw !== undefined ? { status: 'fail', message: `the parser threw on ${probe.kind} input: ${result.threw}` } : { status: 'pass' }
  },
  show: showProbe,
}
