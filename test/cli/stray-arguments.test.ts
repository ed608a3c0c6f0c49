// A newcomer writes a file or a number without its flag (`toolgauge tokens tools.json`, `toolgauge plan 54`), or
// slips in the name of a tool, property or mutation kind: the error names the flag or name they meant.
import { describe, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'

const fuzz = ['fuzz', '--tools', 'examples/fuzz/tools.json', '--validator', 'examples/fuzz/validate.ts#validateArgs']

async function usageError(argv: readonly string[]): Promise<string> {
  const result = await runMain(argv)
  expect(result.code, result.stdout + result.stderr).toBe(2)
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
  return result.stderr
}

describe('arguments without their flag', () => {
  it.each([
    [['tokens', 'suites/weather/tools.json', '--model', 'openai:gpt-4o'], 'did you mean --tools suites/weather/tools.json?'],
    [['fuzz', 'examples/fuzz/tools.json', '--validator', 'examples/fuzz/validate.ts#validateArgs'], 'did you mean --tools examples/fuzz/tools.json?'],
    [['plan', '54', '--baseline-accuracy', '0.9', '--detect', '0.1'], 'did you mean --cases 54?'],
    [['bfcl', 'score', 'bfcl-data', '--results', 'out'], 'did you mean --data bfcl-data?'],
    [['bfcl', 'import', 'bfcl-data', '--out', 'suites-out'], 'did you mean --data bfcl-data?'],
  ])('toolgauge %j names the flag', async (argv, hint) => {
    const stderr = await usageError(argv)
    expect(stderr).toContain(`unexpected argument "${argv[argv[0] === 'bfcl' ? 2 : 1]}" (${hint})`)
  })

  it('fuzz no longer drops an argument without a flag (it reported --tools missing)', async () => {
    const stderr = await usageError([...fuzz, 'extra.json'])
    expect(stderr).toContain('unexpected argument "extra.json"')
    expect(stderr).not.toContain('did you mean --tools')
  })
})

describe('fuzz names the close name', () => {
  it('of a tool, with the tools of the file', async () => {
    expect(await usageError([...fuzz, '--tool', 'get_forcast'])).toContain('no tool named "get_forcast" (did you mean "get_forecast"?); its tools are get_forecast, create_event')
  })

  it('of a property', async () => {
    expect(await usageError([...fuzz, '--property', 'rejecton'])).toContain('unknown property "rejecton" (did you mean "rejection"?)')
  })

  it('of a mutation kind, or lists the kinds when none is close', async () => {
    expect(await usageError([...fuzz, '--skip-kind', 'numeric-strng'])).toContain('unknown mutation kind "numeric-strng" (did you mean "numeric-string"?)')
    const none = await usageError([...fuzz, '--skip-kind', 'zzz'])
    expect(none).toContain('expected one of numeric-string, ')
    expect(none).toContain('duplicate-key')
  })
})
