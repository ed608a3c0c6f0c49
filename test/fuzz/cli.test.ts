import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const tools = join(projectRoot, 'examples/fuzz/tools.json')
const validators = join(projectRoot, 'examples/fuzz/validate.ts')
const parsers = join(projectRoot, 'examples/fuzz/parse.ts')

let stdout = ''
let stderr = ''
beforeEach(() => {
  stdout = ''
  stderr = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true))
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true))
})
afterEach(() => vi.restoreAllMocks())

const fuzz = (...args: string[]): Promise<number> => main(['fuzz', ...args])

describe('toolgauge fuzz', () => {
  it('exits 0 with no findings for a strict validator and prints every property', async () => {
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArgs`, '--runs', '100', '--seed', '5')).toBe(0)
    expect(stdout).toContain('get_forecast')
    for (const property of ['acceptance', 'rejection', 'no_silent_drop', 'truncation_safety', 'metamorphic', 'idempotence']) {
      expect(stdout).toMatch(new RegExp(`✓ ${property}`))
    }
    expect(stdout).toContain('- parser_totality    skipped: no parser given')
    expect(stdout).toContain('no findings — 2 tools, 100 runs per property, seed 5')
  })

  it('exits 1 with findings; --json gives { findings: [{ tool, property, counterexample, seed, message }], runs, tools }', async () => {
    expect(await fuzz('--tools', tools, '--validator', `${validators}#coercingValidateArgs`, '--runs', '100', '--seed', '5', '--json')).toBe(1)
    const report = JSON.parse(stdout) as { findings: Record<string, unknown>[]; runs: number; tools: number }
    expect(report.runs).toBe(100)
    expect(report.tools).toBe(2)
    expect(report.findings.length).toBeGreaterThan(0)
    for (const finding of report.findings) {
      expect(Object.keys(finding)).toEqual(['tool', 'property', 'counterexample', 'seed', 'message', 'path'])
      expect(finding.property).toBe('rejection')
      expect(finding.seed).toBe(5)
    }
  })

  it('replays a finding from its seed and path', async () => {
    await fuzz('--tools', tools, '--validator', `${validators}#coercingValidateArgs`, '--runs', '100', '--seed', '5', '--json', '--tool', 'get_forecast', '--property', 'rejection')
    const first = (JSON.parse(stdout) as { findings: { counterexample: unknown; path: string }[] }).findings[0]!
    stdout = ''
    const code = await fuzz('--tools', tools, '--validator', `${validators}#coercingValidateArgs`, '--seed', '5', '--json', '--tool', 'get_forecast', '--property', 'rejection', '--path', first.path)
    expect(code).toBe(1)
    expect((JSON.parse(stdout) as { findings: { counterexample: unknown }[] }).findings[0]!.counterexample).toEqual(first.counterexample)
  })

  it('takes a parser: raw-wire inputs and parser_totality', async () => {
    expect(await fuzz('--tools', tools, '--tool', 'get_forecast', '--validator', `${validators}#validateArgs`, '--parser', `${parsers}#naiveParseArgs`, '--runs', '100', '--seed', '5')).toBe(1)
    expect(stdout).toMatch(/✗ parser_totality\s+the parser threw/)
  })

  it('takes a suite file for --tools', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-fuzz-'))
    writeFileSync(join(dir, 'suite.yaml'), `tools: ${tools}\n`)
    expect(await fuzz('--tools', join(dir, 'suite.yaml'), '--validator', `${validators}#validateArgs`, '--runs', '20', '--seed', '1')).toBe(0)
  })
})

describe('toolgauge fuzz: bad input is exit 2 with the file and field named, no stack trace', () => {
  it('missing --validator', async () => {
    expect(await fuzz('--tools', tools)).toBe(2)
    expect(stderr).toContain('--validator')
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  it('a module without that export', async () => {
    expect(await fuzz('--tools', tools, '--validator', `${validators}#nope`)).toBe(2)
    expect(stderr).toContain(`${validators}: --validator: has no exported function "nope" (function exports: `)
    expect(stderr).toContain('validateArgs')
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  it('a misspelt export (--validator, --parser) is offered the closest export', async () => {
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArg`)).toBe(2)
    expect(stderr).toContain(`${validators}: --validator: has no exported function "validateArg" (did you mean "validateArgs"?) (function exports: `)
    stderr = ''
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArgs`, '--parser', `${parsers}#parseArg`)).toBe(2)
    expect(stderr).toContain(`${parsers}: --parser: has no exported function "parseArg" (did you mean "parseArgs"?) (function exports: `)
    // Nothing close: the exports alone.
    stderr = ''
    expect(await fuzz('--tools', tools, '--validator', `${validators}#nope`)).toBe(2)
    expect(stderr).not.toContain('did you mean')
  })

  it('a module that does not exist', async () => {
    expect(await fuzz('--tools', tools, '--validator', 'missing.ts#validate')).toBe(2)
    expect(stderr).toMatch(/missing\.ts: --validator: module not found/)
  })

  it('a bad tools file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-fuzz-'))
    const file = join(dir, 'tools.json')
    writeFileSync(file, '[{"name": "x", "parameters": {"type": "object", "properties": {"a": {"type": "strin"}}}}]')
    expect(await fuzz('--tools', file, '--validator', `${validators}#validateArgs`)).toBe(2)
    expect(stderr).toContain(file)
    expect(stderr).toContain('parameters')
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  it('an unknown property or tool, and --path without its companions', async () => {
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArgs`, '--property', 'acceptence')).toBe(2)
    expect(stderr).toContain('--property: unknown property "acceptence"')
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArgs`, '--tool', 'nope')).toBe(2)
    expect(stderr).toContain('--tool: no tool named "nope"')
    expect(await fuzz('--tools', tools, '--validator', `${validators}#validateArgs`, '--path', '0:1')).toBe(2)
    expect(stderr).toContain('--path: replaying a --path needs --seed, one --tool and one --property')
  })
})
