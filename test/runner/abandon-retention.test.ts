import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// Peak RSS of `toolgauge run` on 20,000 cases was ~265 MiB against ~163 without a signal: each case's race against the
// run's abandon promise stayed attached to it, and with it the case's evaluated result, until the run ended.
it("the run's patience after an interrupt holds no case's value once that case has finished", () => {
  const runTs = fileURLToPath(new URL('../../bin/run-ts.mjs', import.meta.url))
  const script = fileURLToPath(new URL('./abandon-retention-child.ts', import.meta.url))
  const child = spawnSync(process.execPath, ['--expose-gc', runTs, script], { encoding: 'utf8' })
  expect(child.stderr).toBe('')
  expect(child.stdout).toBe('released')
})
