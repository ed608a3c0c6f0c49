import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probes, probeStubs, probeTools, type Probe } from './probes.ts'

/** The probe suite's name: its results are `conformance/<probe id>`. */
export const probeSuiteName = 'conformance'

/** The probes a run in these modes has (`stream_equivalence` only when each request is made both ways). */
export function probesFor(bothModes: boolean): readonly Probe[] {
  return probes.filter((probe) => bothModes || probe.needsBothModes !== true)
}

/** The probe suite as a suite file holds it: every probe a case whose id is the probe id. */
export function probeSuiteDocument(bothModes: boolean): object {
  return {
    name: probeSuiteName,
    description: 'toolgauge conformance: the built-in probes of a host\'s tool-calling wire (docs/conformance.md)',
    tools: probeTools(),
    stubs: probeStubs,
    cases: probesFor(bothModes).map((probe) => ({ id: probe.id, description: probe.rule, ...probe.case })),
  }
}

/**
 * Writes the probe suite into a fresh temporary folder and returns the file: the run loads and checks it like any
 * suite (so a probe is a case, and its results a report like any run's).
 */
export function writeProbeSuite(bothModes: boolean): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgauge-conformance-')), 'conformance.suite.json')
  writeFileSync(file, `${JSON.stringify(probeSuiteDocument(bothModes), null, 2)}\n`)
  return file
}
