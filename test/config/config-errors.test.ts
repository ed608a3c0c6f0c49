import { expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load-config.ts'
import { tempFiles } from '../helpers/cli.ts'

// Only `concurrency` was told; `repeat: 0` and the unknown key waited for the next run.
it('a config with several bad fields names each, at its line, after the first as before', async () => {
  const dir = tempFiles({ 'toolgauge.config.yaml': 'concurrency: many\nrepeat: 0\nformt: [md]\n' })
  const message = await loadConfig(undefined, dir).then(() => 'loaded', (error: Error) => error.message)
  const file = `${dir}/toolgauge.config.yaml`
  expect(message).toBe([
    `${file}:1: concurrency: expected integer`,
    `  also: ${file}:2: repeat: expected a value that must be >= 1`,
    `  also: ${file}:3: formt: unknown field "formt" (did you mean "format"?)`,
  ].join('\n'))
})
