import { describe, expect, it } from 'vitest'
import { expectInputError, runCli } from '../helpers/cli.ts'

/** Node's argument parser speaks of positionals and `--`; none of its phrasing may reach the user. */
function expectNoParserText(stderr: string): void {
  expect(stderr).not.toMatch(/Unknown option|positional argument|argument missing|argument is ambiguous|does not take an argument/)
}

describe('command-line slips are reported in toolgauge\'s own words, with did you mean', () => {
  it('a misspelled long flag names the flag it was meant to be', () => {
    const result = runCli(['run', 'suites', '--modle', 'baseline'])
    expectInputError(result, 'toolgauge run: unknown flag "--modle" (did you mean "--model"?)', 'Usage: toolgauge run')
    expectNoParserText(result.stderr)
  })

  it('a misspelled command (letters swapped) names the command', () => {
    const result = runCli(['rnu', 'suites'])
    expectInputError(result, 'unknown command "rnu" (did you mean "run"?)')
  })

  it('a flag without its value, a value-taking flag followed by a flag, and a switch given a value', () => {
    for (const [args, message] of [
      [['run', 'suites', '--model'], '--model needs a value'],
      [['run', 'suites', '--model', '--all'], '--model needs a value, got the flag "--all"'],
      [['show', 'report.json', '--all=yes'], '--all takes no value (got "yes")'],
    ] as const) {
      const result = runCli(args)
      expectInputError(result, message)
      expectNoParserText(result.stderr)
    }
  })
})
