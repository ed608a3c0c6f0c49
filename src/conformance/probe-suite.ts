import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probes, probeStubs, probeTools } from './probes.ts'

/** The probe suite's name: its results are `conformance/<probe id>`. */
export const probeSuiteName = 'conformance'

/**
 * Writes the probe suite into a fresh temporary folder and returns the file: the run loads and checks it like any
 * suite (so a probe is a case whose id is the probe id, and its results a report like any run's).
 * `stream_equivalence` is among the cases only when each request is made both ways.
 */
export function writeProbeSuite(bothModes: boolean): string {
  const document = {
    name: probeSuiteName,
    description: 'toolgauge conformance: the built-in probes of a host\'s tool-calling wire (docs/conformance.md)',
    tools: probeTools(),
    stubs: probeStubs,
    cases: probes.filter((probe) => bothModes || probe.needsBothModes !== true).map((probe) => ({ id: probe.id, description: probe.rule, ...probe.case })),
  }
  const file = join(mkdtempSync(join(tmpdir(), 'toolgauge-conformance-')), 'conformance.suite.json')
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
  return file
}
