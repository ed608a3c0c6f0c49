import { describe, expect, it } from 'vitest'
import { runFlags } from '../../src/cli/run.ts'
import { runMain } from '../helpers/cli.ts'

describe('help and usage', () => {
  it('`toolgauge help run` and `run --help` describe every flag on one line each', async () => {
    const viaHelp = await runMain(['help', 'run'])
    const viaFlag = await runMain(['run', '--help'])
    expect(viaHelp.code).toBe(0)
    expect(viaHelp.stdout).toBe(viaFlag.stdout)
    const lines = viaHelp.stdout.split('\n')
    for (const name of Object.keys(runFlags)) {
      const line = lines.find((text) => new RegExp(`^\\s+(-\\w, )?--${name}\\b`).test(text))
      expect(line, `--${name} has a line`).toBeDefined()
      // A description follows the flag and its value on the same line.
      expect(line!.replace(new RegExp(`^.*--${name}( \\S+)?\\s+`), '').length, `--${name} is described`).toBeGreaterThan(10)
    }
  })

  it('a flag error prints the usage; a data error prints the error alone', async () => {
    const flag = await runMain(['run', 'suites', '--model', 'baseline', '--frobnicate'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('Usage: toolgauge run')
    const data = await runMain(['run', 'no/such/folder', '--model', 'baseline', '--out', 'reports/never'])
    expect(data.code).toBe(2)
    expect(data.stderr).toContain('no/such/folder')
    expect(data.stderr).not.toContain('Usage:')
    const badNumber = await runMain(['run', 'suites', '--model', 'baseline', '--repeat', 'two'])
    expect(badNumber.stderr).toContain('Usage:')
  })

  it('a run without suites or models says where they can come from: the command line, or a config file', async () => {
    const noSuites = await runMain(['run'])
    expect(noSuites.code).toBe(2)
    expect(noSuites.stderr).toContain('give at least one suite file or folder (e.g. toolgauge run suites/weather --model baseline), or `suites:` in a config file (toolgauge init writes one)')
    const noModels = await runMain(['run', 'suites/weather'])
    expect(noModels.code).toBe(2)
    expect(noModels.stderr).toContain('--model: give at least one --model (e.g. --model baseline), or `models:` in a config file')
  })

  it('the overview lines the commands up with two spaces at least, and says where a newcomer starts', async () => {
    const { stdout, code } = await runMain(['--help'])
    expect(code).toBe(0)
    const rows = stdout.split('\n').filter((line) => /^ {2}[a-z]/.test(line))
    expect(rows.length).toBeGreaterThan(8)
    const starts = new Set(rows.map((row) => /^ {2}[a-z-]+ {2,}(?=\S)/.exec(row)?.[0].length))
    expect([...starts]).toHaveLength(1)
    expect(starts.has(undefined)).toBe(false)
    expect(stdout).toContain('New here? toolgauge init writes an example suite and config that run offline: then npx toolgauge run.')
  })
})

