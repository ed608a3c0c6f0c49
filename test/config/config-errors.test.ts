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

// `thinking: { type: enabled }` was headed by the other form's miss: "models.0.thinking.type: expected one of
// "adaptive", "disabled" (did you mean "disabled"?)", the missing budget_tokens only an also-line.
it('a thinking setting is told by the form its type names', async () => {
  const error = async (thinking: string) => {
    const dir = tempFiles({ 'toolgauge.config.yaml': `models:\n  - model: x\n    thinking: ${thinking}\n` })
    return (await loadConfig(undefined, dir).then(() => 'loaded', (error: Error) => error.message)).replace(`${dir}/toolgauge.config.yaml:3: `, '')
  }
  expect(await error('{ type: enabled }')).toBe('models.0.thinking.budget_tokens: missing required field "budget_tokens"')
  expect(await error('{ type: enabled, budget_tokens: 0 }')).toBe('models.0.thinking.budget_tokens: expected a value that must be >= 1')
  expect(await error('{ type: disabled, budget_tokens: 2048 }')).toBe('models.0.thinking.budget_tokens: unknown field "budget_tokens"')
})
