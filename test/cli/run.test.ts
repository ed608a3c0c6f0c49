import { execSync } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runCli, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report
/** The CLI arguments of each `npm start` command (package.json's start script, `&&`-joined, after the bin path). */
function startScriptRuns(): string[][] {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string }; bin: { toolgauge: string } }
  const runs = manifest.scripts.start.split(' && ').filter((command) => !command.startsWith('node -e '))
  return runs.map((command) => {
    const words = command.trim().split(/\s+/)
    const executable = words.indexOf(manifest.bin.toolgauge)
    expect(executable, 'npm start runs the package\'s executable').toBeGreaterThan(-1)
    return words.slice(executable + 1)
  })
}
/** The arguments of a start command without its `--out` (the tests give their own). */
const withoutOut = (args: readonly string[]) => args.filter((arg, index) => arg !== '--out' && args[index - 1] !== '--out')
/** The single-request run of `npm start` (the first command). */
const startScriptArgs = () => startScriptRuns()[0]!
const journalLines = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n')

describe('toolgauge run', () => {
  it('runs the bundled suites against the baseline: table, report.json, journal, gate (what npm start does)', () => {
    const out = tempFiles({})
    const result = runCli([...startScriptArgs(), '--out', out])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('selection')
    expect(result.stdout).toContain('✓ min-accuracy [baseline]')
    const report = readReport(out)
    expect(report.schemaVersion).toBe(2)
    expect(report.run.models).toEqual(['baseline'])
    expect(report.results.length).toBeGreaterThanOrEqual(40)
    expect(journalLines(out)).toHaveLength(report.results.length)
    const summary = report.summary[0]
    expect(Object.keys(summary ?? {})).toEqual(expect.arrayContaining(['model', 'cases', 'passed', 'accuracy', 'selectionAccuracy', 'argumentAccuracy',
      'hallucinatedToolRate', 'hallucinatedParamRate', 'schemaViolationRate', 'parallelAccuracy', 'irrelevanceAccuracy']))
    const first = report.results[0]
    expect(first).toMatchObject({ suite: expect.any(String), case: expect.any(String), model: 'baseline', repeat: 0 })
    expect(first?.turns[0]).toHaveProperty('calls')
  })

  it('npm start then runs the retail conversations with the baseline, a floor whose gate is scoped apart: exit 0', () => {
    const runs = startScriptRuns()
    expect(runs).toHaveLength(2)
    const out = tempFiles({})
    const result = runCli([...withoutOut(runs[1]!), '--out', out])
    expect(result.code, result.stderr + result.stdout).toBe(0)
    const report = readReport(out)
    expect(new Set(report.results.map((r) => r.suite))).toEqual(new Set(['retail']))
    expect(report.results).toHaveLength(12)
    expect(report.results.every((r) => r.conversation !== undefined)).toBe(true)
    expect(result.stdout).toContain('✓ min-accuracy [baseline]')
  })

  it("npm start's second run is set apart: a blank line, then a line saying what it runs and why the baseline fails it", () => {
    const start = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
    const parts = start.split(' && ')
    expect(parts).toHaveLength(3)
    expect(parts[1]).toMatch(/^node -e /)
    // The separator runs as npm runs it, through the shell, and prints to stdout as the runs' tables do.
    const printed = execSync(parts[1]!, { cwd: projectRoot, encoding: 'utf8' })
    expect(printed).toMatch(/^\n\S/)
    expect(printed).toContain('suites/retail')
    expect(printed).toContain('floor')
  })

  it('npm start runs only the bundled example suites, named: a BFCL import under suites/ does not change it', () => {
    const project = tempFiles({ 'suites/bfcl/simple_python/suite.json': JSON.stringify({ name: 'imported', tools: [], cases: [{ id: 'x', prompt: 'hi', expect: { calls: [{ tool: 'absent_tool' }] } }] }) })
    cpSync(join(projectRoot, 'suites'), join(project, 'suites'), { recursive: true })
    const args = startScriptArgs()
    expect(args.filter((arg) => arg.startsWith('suites/'))).toEqual(['suites/weather', 'suites/calendar', 'suites/files', 'suites/banking'])
    expect(startScriptRuns().map((run) => run.filter((arg) => arg.startsWith('suites/')))).toEqual([['suites/weather', 'suites/calendar', 'suites/files', 'suites/banking'], ['suites/retail']])
    const out = tempFiles({})
    const result = runCli([...args, '--out', out], { cwd: project })
    expect(result.code, result.stderr + result.stdout).toBe(0)
    expect(new Set(readReport(out).results.map((r) => r.suite))).not.toContain('imported')
  })

  it("the README's BFCL walkthrough imports outside suites/ (so npm start stays the bundled suites)", () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
    const outs = [...readme.matchAll(/bfcl import[^\n]*--out (\S+)/g)].map((match) => match[1])
    expect(outs.length).toBeGreaterThan(0)
    for (const out of outs) expect(out).not.toMatch(/^(\.\/)?suites\//)
  })

  it('exits 1 when a case fails and no gate is set; --filter selects cases by glob; --by suite breaks the table down', () => {
    const out = tempFiles({})
    const result = runCli(['run', 'suites', '--model', 'baseline', '--filter', 'weather/tool-choice-*', '--by', 'suite', '--out', out])
    expect(result.code).toBe(1)
    const report = readReport(out)
    expect(report.results.map((r) => r.case).sort()).toEqual(['tool-choice-forced', 'tool-choice-none', 'tool-choice-required'])
    expect(result.stdout).toMatch(/│ weather\s+│ baseline/)
    expect(result.stdout).toContain('Failing cases (1')
  })

  it('runs two models side by side, and show prints a failing transcript with raw arguments', () => {
    const dir = tempFiles({
      'script.yaml': [
        'current-paris:',
        '  - tool_calls: [{ id: c1, name: get_current_weather, arguments: \'{"location": "Paris", "units": "C"}\' }]',
        '  - content: It is 18 degrees.',
        'forecast-days:',
        '  - tool_calls: [{ id: c1, name: get_forecast, arguments: { location: Berlin, days: 5 } }]',
        '  - content: Mild.',
      ].join('\n'),
    })
    const result = runCli(['run', 'suites/weather', '--model', 'baseline', '--model', `scripted:${dir}/script.yaml`, '--filter', '{current-paris,forecast-days}', '--out', `${dir}/out`])
    expect(result.code).toBe(1)
    const report = readReport(`${dir}/out`)
    expect(report.summary.map((s) => s.model)).toEqual(['baseline', `scripted:${dir}/script.yaml`])
    const shown = runCli(['show', `${dir}/out/report.json`, '--case', 'current-paris', '--model', `scripted:${dir}/script.yaml`])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('FAIL weather/current-paris')
    expect(shown.stdout).toContain('{"location": "Paris", "units": "C"}')
    expect(shown.stdout).toContain('hallucinated_param')
    expect(shown.stdout).toContain('final: It is 18 degrees.')
  })

  it('--resume continues from the journal without re-running finished cases', () => {
    const out = tempFiles({})
    const first = runCli(['run', 'suites/banking', '--model', 'baseline', '--filter', 'checking-*', '--out', out])
    expect(first.code).toBe(0)
    // Doctor the journaled result: if resume ran the case again, the marker would disappear.
    const lines = journalLines(out)
    const marked = { ...JSON.parse(lines[0] as string), latencyMs: 424242 }
    writeFileSync(join(out, 'results.jsonl'), [JSON.stringify(marked), ...lines.slice(1)].join('\n') + '\n')
    const resumed = runCli(['run', 'suites/banking', '--model', 'baseline', '--resume', '--out', out])
    expect([0, 1]).toContain(resumed.code)
    const report = readReport(out)
    const ids = report.results.map((r) => r.case)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(11)
    expect(report.results.find((r) => r.case === marked.case)?.latencyMs).toBe(424242)
    expect(journalLines(out)).toHaveLength(11)
  })
})

describe('secrets', () => {
  it('never land in the journal or the reports, even when a model echoes them', () => {
    const key = 'sk-test-0123456789abcdef'
    const dir = tempFiles({
      'script.yaml': `current-paris:\n  - tool_calls: [{ id: c1, name: get_current_weather, arguments: '{"location": "Paris ${key}"}' }]\n  - content: your key is ${key}, and the custom one is hunter2-secret\n`,
      'toolgauge.config.yaml': 'secrets: [hunter2-secret]\n',
    })
    const result = runCli(['run', `${projectRoot}/suites/weather`, '--model', 'scripted:script.yaml', '--filter', 'current-paris', '--out', 'out', '--format', 'junit,md,html'], { cwd: dir, env: { OPENAI_API_KEY: key } })
    expect(result.code).toBe(1)
    for (const file of ['report.json', 'results.jsonl', 'report.xml', 'report.md', 'report.html']) {
      const text = readFileSync(join(dir, 'out', file), 'utf8')
      expect(text, file).not.toContain(key)
      expect(text, file).not.toContain('hunter2-secret')
    }
    expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).toContain('[redacted]')
  })
})

describe('the bundled example suites', () => {
  it('hold at least 40 cases over 4 suites covering every tool_choice mode, parallel, irrelevance, stubs and multi-turn', async () => {
    const { discoverSuiteFiles } = await import('../../src/suite/discover.ts')
    const { loadSuite } = await import('../../src/suite/load-suite.ts')
    const suites = await Promise.all(discoverSuiteFiles(['suites']).map((file) => loadSuite(file)))
    const cases = suites.flatMap((suite) => suite.cases)
    expect(suites.length).toBeGreaterThanOrEqual(4)
    expect(cases.length).toBeGreaterThanOrEqual(40)
    const choices = new Set(cases.map((c) => (typeof c.toolChoice === 'object' ? 'named' : c.toolChoice)))
    expect([...choices].sort()).toEqual(['auto', 'named', 'none', 'required'])
    expect(cases.some((c) => c.expect.parallel)).toBe(true)
    expect(cases.some((c) => c.expect.noCall)).toBe(true)
    expect(cases.some((c) => c.expect.calls.length >= 2 && c.expect.order === 'strict')).toBe(true)
    expect(cases.some((c) => c.messages.length > 2)).toBe(true)
    const stubTypes = new Set(cases.flatMap((c) => Object.values(c.stubs).map((stub) => stub.type)))
    expect([...stubTypes].sort()).toEqual(['live', 'recorded'])
    expect(suites.some((suite) => suite.hooks)).toBe(true)
  })
})

describe("run's failure list", () => {
  it('shows a multi-line state_mismatch message on one line, readably (no literal \\n), still one line per result', () => {
    const dir = tempFiles({
      'world.mjs': readFileSync(join(projectRoot, 'test/vitest/fixtures/shop/world.mjs'), 'utf8'),
      'suite.yaml': [
        'name: shop',
        'world: { module: ./world.mjs, export: createWorld }',
        'tools:',
        '  - { name: create_return, description: Start a return, parameters: { type: object, properties: { order_id: { type: string } } } }',
        'cases:',
        '  - id: no-return',
        '    state: { orders: { O-1: { status: delivered } }, returns: [] }',
        '    conversation:',
        '      - user: Return order O-1.',
        '        expect: { state: { orders: { O-1: { status: return_requested } }, returns: [{ order_id: O-1 }] } }',
        '',
      ].join('\n'),
      'script.yaml': 'no-return:\n  - content: Done.\n',
    })
    const result = runCli(['run', 'suite.yaml', '--model', 'scripted:script.yaml', '--out', 'out'], { cwd: dir })
    const line = result.stdout.split('\n').find((text) => text.includes('✗ shop/no-return'))
    expect(line, result.stdout + result.stderr).toBeDefined()
    const message = readReport(join(dir, 'out')).results[0]!.failures.find((f) => f.kind === 'state_mismatch')!.message
    expect(message.split('\n').length).toBeGreaterThan(2)
    expect(line).not.toContain('\\n')
    expect(line).toContain(`state_mismatch: ${message.split('\n').map((part) => part.trim()).filter(Boolean).join(' / ')}`)
  })
})
