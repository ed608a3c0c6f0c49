import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDecodedTurns, makeInstances } from '../../../src/bfcl/multi-turn/check-entry.ts'
import { idOrder, loadMultiTurnCategory } from '../../../src/bfcl/multi-turn/data.ts'
import { longContextFile, longContextProcess, readLongContext } from '../../../src/bfcl/multi-turn/long-context.ts'
import { valRepr } from '../../../src/bfcl/multi-turn/values.ts'
import { hasSharedData, sharedData, sharedTitle } from '../../helpers/shared-data.ts'

// The real check for multi_turn_long_context: its constants live in BFCL's long_context.py, which toolgauge never
// ships. Point TOOLGAUGE_BFCL_SOURCE at BFCL's bfcl_eval folder (gorilla's berkeley-function-call-leaderboard/
// bfcl_eval) to run it:
//   TOOLGAUGE_BFCL_SOURCE=/path/to/bfcl_eval npx vitest run test/bfcl/multi-turn/long-context-ground-truth.test.ts
const source = process.env.TOOLGAUGE_BFCL_SOURCE
const available = hasSharedData('bfcl-multi-turn') && source !== undefined && existsSync(join(source, longContextFile))
const title = available
  ? 'BFCL multi_turn_long_context ground truth'
  : `${sharedTitle('BFCL multi_turn_long_context ground truth', 'bfcl-multi-turn')} [skipped unless TOOLGAUGE_BFCL_SOURCE is BFCL's bfcl_eval folder]`

describe.skipIf(!available)(title, () => {
  it('the ground truth replayed as the model output is valid on all 200 long_context entries', () => {
    const entries = [...loadMultiTurnCategory(sharedData('bfcl-multi-turn', 'bfcl'), 'multi_turn_long_context').values()].sort((a, b) => idOrder(a.id, b.id))
    // One BFCL process for the category: the extension dicts shared by reference carry from entry to entry.
    const process = longContextProcess(readLongContext(source ?? ''))
    const failures: string[] = []
    for (const entry of entries) {
      const verdict = checkDecodedTurns(entry, entry.groundTruth.map((turn) => (turn.length > 0 ? [turn] : [])), { process, longContext: true })
      if (!verdict.valid) failures.push(`${entry.id}: ${verdict.errorType} turn ${verdict.errorTurn}: ${verdict.errorMessage}`)
    }
    console.log(`long_context ground truth self-check: ${entries.length - failures.length}/${entries.length} valid`)
    expect(entries).toHaveLength(200)
    expect(failures).toEqual([])
    // Not a vacuous pass: the instances did load in long-context mode (BFCL's image files in the file system).
    const files = entries.find((entry) => entry.involvedClasses.includes('GorillaFileSystem'))!
    const [fileSystem] = makeInstances({ ...files, involvedClasses: ['GorillaFileSystem'] }, process, true)
    expect(valRepr(fileSystem!.state().find(([name]) => name === 'root')![1])).toMatch(/'image_\d+\.jpg'/)
  })
})
