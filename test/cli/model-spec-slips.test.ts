import { describe, it } from 'vitest'
import { expectInputError, runCli } from '../helpers/cli.ts'

describe('a bare model name gets its provider prefix suggested', () => {
  it('gpt-*, claude-* and gemini-* name their prefixed spec; another bare name lists the prefixes', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'gpt-4.1-mini']), '--model', 'unknown model spec "gpt-4.1-mini"', 'did you mean "openai:gpt-4.1-mini"?')
    expectInputError(runCli(['run', 'suites', '--model', 'claude-sonnet-4-5']), 'did you mean "anthropic:claude-sonnet-4-5"?')
    expectInputError(runCli(['run', 'suites', '--model', 'gemini-2.5-flash']), 'did you mean "google:gemini-2.5-flash"?')
    expectInputError(runCli(['run', 'suites', '--model', 'llama3.1']), 'unknown model spec "llama3.1": a model name needs its provider prefix', 'openai:<model>', 'anthropic:<model>', 'google:<model>')
  })
})
