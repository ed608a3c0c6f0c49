import { describe, expect, it } from 'vitest'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import { hasSharedData, sharedTitle } from '../../helpers/shared-data.ts'
import { replayClass } from './replay-log.ts'

const ready = hasSharedData('bfcl-multi-turn')

describe.skipIf(!ready)(sharedTitle('BFCL environments reproduce the logged tool outputs and states', 'bfcl-multi-turn'), () => {
  for (const className of Object.keys(environmentFactories)) {
    it(`${className}: every logged output byte for byte, every logged state snapshot`, () => {
      const tally = replayClass(className)
      console.log(`${className}: ${tally.entries} entries, ${tally.outputs} outputs, ${tally.states} state snapshots, ${tally.mismatches.length} mismatches`)
      expect(tally.outputs).toBeGreaterThan(0)
      expect(tally.mismatches.slice(0, 5)).toEqual([])
    })
  }
})
