// `bfcl import --category multi_turn_long_context --bfcl-source <bfcl_eval>`: conversation suites whose cases record
// BFCL's folder, whose world reads its long_context.py when the suite runs. Here against a made-up long_context.py
// (fixtures/): BFCL's real file never ships with toolgauge.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { importCategories } from '../../../src/bfcl/import.ts'
import { createWorld } from '../../../src/bfcl/multi-turn/world.ts'
import { thrownInputError } from '../../helpers/input-error.ts'
import { hasSharedData, sharedData, sharedTitle } from '../../helpers/shared-data.ts'
import { groundTruthTurns, importedSuite, runSuite } from './imported-suites.ts'

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bfcl_eval')
const root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-lc-import-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe.skipIf(!hasSharedData('bfcl-multi-turn'))(sharedTitle('BFCL multi_turn_long_context imported as conversation suites', 'bfcl-multi-turn'), () => {
  const dataDir = () => sharedData('bfcl-multi-turn', 'bfcl')
  const suite = () => importedSuite(join(root, 'suites', 'multi_turn_long_context'))

  it('needs bfclSource, and a folder holding a readable long_context.py (bad input otherwise)', () => {
    const missing = thrownInputError(() => importCategories({ dataDir: dataDir(), outDir: join(root, 'none'), categories: ['multi_turn_long_context'] }))
    expect(missing.location?.field).toBe('bfclSource')
    const wrong = thrownInputError(() => importCategories({ dataDir: dataDir(), outDir: join(root, 'none'), categories: ['multi_turn_long_context'], bfclSource: root }))
    expect(wrong.message).toContain('long_context.py')
    expect(wrong.location?.field).toBe('bfclSource')
  })

  it("writes the 200 cases, each recording BFCL's folder, and their world runs BFCL's long-context mode", () => {
    importCategories({ dataDir: dataDir(), outDir: join(root, 'suites'), categories: ['multi_turn_long_context'], bfclSource: fixture })
    const { cases } = suite()
    expect(cases).toHaveLength(200)
    expect(cases[0]!.state).toMatchObject({ bfcl: { long_context: true, bfcl_source: fixture } })
    const vehicle = cases.find((entry) => entry.id === 'multi_turn_long_context_50')!
    const world = createWorld(vehicle.state, { caseId: vehicle.id }) as Record<string, (args: unknown) => string>
    expect(world.activateParkingBrake!({ mode: 'engage' })).toMatch(/^\{"parkingBrakeInstruction": "Pull the lever\.", /)
  })

  it('the ground truth replayed by a scripted model through the runner passes every message', () => {
    const { cases, tools, dir } = suite()
    const chosen = cases.filter((entry) => ['multi_turn_long_context_0', 'multi_turn_long_context_1', 'multi_turn_long_context_50'].includes(entry.id))
    const scripted = Object.fromEntries(chosen.map((entry) => [entry.id, groundTruthTurns(entry, tools)]))
    const results = runSuite(root, dir, scripted, chosen.map((entry) => entry.id))
    for (const entry of chosen) expect(results.get(entry.id), entry.id).toMatchObject({ passed: true, failures: [] })
  }, 120_000)
})
