import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

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

  // `--suite x` once got "did you mean --out?": the two dashes every flag shares made a far name look close.
  it('an unknown flag is offered only a flag whose name is close, not one the shared dashes make close', () => {
    const result = runCli(['run', '--suite', 'suites', '--model', 'baseline'])
    expectInputError(result, 'toolgauge run: unknown flag "--suite"\n', 'Usage: toolgauge run <suite files or folders...>')
  })

  // A request setting is not a flag of its own: `--temperature 0` is `--set temperature=0`, ready to paste.
  it('a request setting given as a flag points at --set with its value', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--temperature', '0']), 'unknown flag "--temperature" (a request setting: --set temperature=0)')
    expectInputError(runCli(['run', 'suites', '--max-tokens=100', '--model', 'baseline']), 'unknown flag "--max-tokens" (a request setting: --set max_tokens=100)')
    expectInputError(runCli(['run', 'suites', '--reasoning-effort', '--model', 'baseline']), 'unknown flag "--reasoning-effort" (a request setting: --set reasoning_effort=<value>)')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--set', 'temprature=0']), '--set: unknown setting "temprature" (did you mean "temperature"?); known: temperature,')
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

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])

/** Runs a suite written from text with the baseline model and returns the result. */
function runSuite(suite: string, extra: Record<string, string> = {}) {
  const dir = tempFiles({ 'tools.json': tools, ...extra, 'suite.yaml': suite })
  return runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'out'], { cwd: dir })
}

describe('a misspelled key is reported as the unknown key it is, with did you mean; the object\'s other errors follow', () => {
  it('`case:` is the unknown key "case" (did you mean "cases"), then the missing "cases"', () => {
    const result = runSuite('name: x\ntools: ./tools.json\ncase:\n  - id: a\n    prompt: hi\n')
    expectInputError(result, 'suite.yaml:3: case: unknown field "case" (did you mean "cases"?)', 'missing required field "cases"')
    // The headline is the slip, not the field it was meant to be.
    expect(result.stderr.split('\n')[0]).not.toContain('missing')
  })

  it('`promt:` in a case is the unknown key (did you mean "prompt"), then "prompt", "messages", "conversation" or "user" is missing', () => {
    const result = runSuite('name: x\ntools: ./tools.json\ncases:\n  - id: a\n    promt: hi\n')
    expectInputError(result, 'suite.yaml:5: cases.0.promt: unknown field "promt" (did you mean "prompt"?)', 'cases.0: missing a required field: "prompt", "messages", "conversation" or "user"')
    expect(result.stderr.split('\n')[0]).not.toContain('missing')
  })

  it('the same in a case file (cases: ./cases.jsonl), at the case\'s line', () => {
    const result = runSuite('name: x\ntools: ./tools.json\ncases: ./cases.jsonl\n', { 'cases.jsonl': '{"id":"a","prompt":"hi"}\n{"id":"b","promt":"ho"}\n' })
    expectInputError(result, 'cases.jsonl:2: promt: unknown field "promt" (did you mean "prompt"?)', '"prompt", "messages", "conversation" or "user"')
  })

  it('a config key: `model:` is the unknown key (did you mean "models")', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n', 'toolgauge.config.yaml': 'suites: [suite.yaml]\nmodel: baseline\n' })
    expectInputError(runCli(['run', '--out', 'out'], { cwd: dir }), 'toolgauge.config.yaml:2: model: unknown field "model" (did you mean "models"?)')
  })
})

describe('values written in another convention are named with the one toolgauge expects', () => {
  it('--min-accuracy 75 (and --alpha 5): a fraction between 0 and 1, did you mean 0.75', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--min-accuracy', '75']), '--min-accuracy', 'a fraction between 0 and 1: did you mean 0.75?')
    expectInputError(runCli(['compare', 'a.json', 'b.json', '--alpha', '5']), '--alpha', 'a fraction between 0 and 1: did you mean 0.05?')
    // Beyond 100 it is no percentage either: the plain range error.
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--min-accuracy', '750']), '--min-accuracy', 'expected a number >= 0 and <= 1, got "750"')
  })

  it('--timeout 30s (2m, 700ms): the flag takes a number of seconds, did you mean the number', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--timeout', '30s']), '--timeout: takes a number of seconds, got "30s": did you mean --timeout 30?')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--stub-timeout', '2m']), '--stub-timeout: takes a number of seconds, got "2m": did you mean --stub-timeout 120?')
    expectInputError(runCli(['conformance', '--model', 'openai-compatible:qwen3:8b', '--base-url', 'http://127.0.0.1:9/v1', '--timeout', '700ms']), '--timeout: takes a number of seconds, got "700ms": did you mean --timeout 0.7?')
    expectInputError(runCli(['mcp', 'list', 'node server.mjs', '--connect-timeout', '10sec']), '--connect-timeout: takes a number of seconds, got "10sec": did you mean --connect-timeout 10?')
    // A duration whose number is out of range gets the range; a flag without a unit the plain error.
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--timeout', '0s']), '--timeout: expected a number >= 0.001, got "0s"')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--retries', '3s']), '--retries: expected an integer >= 0 and <= 20, got "3s"')
  })

  it('--max-cost $5 (5usd) and --max-drop 5%: the flag\'s unit, did you mean the number', () => {
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--max-cost', '$5']), '--max-cost: takes a number of USD, got "$5": did you mean --max-cost 5?')
    expectInputError(runCli(['run', 'suites', '--model', 'baseline', '--max-cost', '2.5usd']), '--max-cost: takes a number of USD, got "2.5usd": did you mean --max-cost 2.5?')
    expectInputError(runCli(['compare', 'a.json', 'b.json', '--max-drop', '5%']), '--max-drop: takes a number of percentage points, got "5%": did you mean --max-drop 5?')
  })

  it('a config timeout: 30s (and a provider\'s timeout: 2m) is the same slip, at its line', () => {
    const config = (text: string) => tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n', 'toolgauge.config.yaml': `suites: [suite.yaml]\nmodels: [baseline]\n${text}` })
    expectInputError(runCli(['run', '--out', 'out'], { cwd: config('timeout: 30s\n') }), 'toolgauge.config.yaml:3: timeout: expected a number of seconds, got the string "30s": write 30')
    expectInputError(runCli(['run', '--out', 'out'], { cwd: config('providers:\n  baseline: { timeout: 2m }\n') }), 'toolgauge.config.yaml:4', 'providers.baseline.timeout: expected a number of seconds, got the string "2m": write 120')
  })

  // `1.2k` is how a count is said (1200 tokens); a temperature or a fraction of 1200 is no slip's meaning.
  it('1.2k in a count (max_tokens, a token gate) says write 1200; in a temperature or a fraction it does not', () => {
    const config = (text: string) => tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n', 'toolgauge.config.yaml': `suites: [suite.yaml]\nmodels: [baseline]\n${text}` })
    const stderr = (text: string) => {
      const result = runCli(['run', '--out', 'out'], { cwd: config(text) })
      expect(result.code, result.stderr).toBe(2)
      return result.stderr
    }
    expect(stderr('providers:\n  baseline: { max_tokens: 1.2k }\n')).toContain('toolgauge.config.yaml:4: providers.baseline.max_tokens: expected integer, got the string "1.2k": write 1200\n')
    expect(stderr('gates:\n  max_tool_tokens: 2k\n')).toContain('toolgauge.config.yaml:4: gates.max_tool_tokens: expected number, got the string "2k": write 2000\n')
    expect(stderr('providers:\n  baseline: { temperature: 1.2k }\n')).toContain('toolgauge.config.yaml:4: providers.baseline.temperature: expected number\n')
    expect(stderr('gates:\n  min_accuracy: 0.9k\n')).toContain('toolgauge.config.yaml:4: gates.min_accuracy: expected number\n')
    // A quoted number is still a quoted number, count or not.
    expect(stderr('providers:\n  baseline: { temperature: "0.7" }\n')).toContain('providers.baseline.temperature: expected number, got the string "0.7": write 0.7\n')
  })

  it('a config gate of 5 is the same slip, at its line', () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n', 'toolgauge.config.yaml': 'suites: [suite.yaml]\nmodels: [baseline]\ngates:\n  max_hallucinated_param_rate: 5\n' })
    expectInputError(runCli(['run', '--out', 'out'], { cwd: dir }), 'toolgauge.config.yaml:4', 'gates.max_hallucinated_param_rate', 'a fraction between 0 and 1: did you mean 0.05?')
  })

  it('a regex with inline flags (?i) in an argument matcher or a final-text check says to use flags: i', () => {
    const call = (matcher: string) => `name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n    expect:\n${matcher}`
    expectInputError(
      runSuite(call('      calls:\n        - name: get_weather\n          args: { city: { regex: "(?i)^paris$" } }\n')),
      'suite.yaml:9', 'cases.0.expect.calls.0.args.city.regex', 'inline flags (?i) are not JavaScript syntax', 'add flags: i',
    )
    expectInputError(runSuite(call('      final: { regex: "(?is)sunny.*paris" }\n')), 'cases.0.expect.final.regex', 'add flags: is')
  })

  it('an ES module hooks file (.js with export) in a CommonJS project says to name it .mjs or .ts', () => {
    const result = runSuite('name: x\ntools: ./tools.json\nhooks: ./hooks.js\ncases:\n  - id: a\n    prompt: hi\n', {
      'package.json': '{ "name": "a-commonjs-project" }',
      'hooks.js': 'export function beforeToolCall() {}\n',
    })
    expectInputError(result, 'hooks.js', 'ES module syntax', 'package.json has no "type": "module"', 'name it .mjs or .ts')
    // An explicit "type": "commonjs" is the case Node itself never re-reads as ESM.
    const explicit = runSuite('name: x\ntools: ./tools.json\nhooks: ./hooks.js\ncases:\n  - id: a\n    prompt: hi\n', {
      'package.json': '{ "name": "a-commonjs-project", "type": "commonjs" }',
      'hooks.js': 'export function beforeToolCall() {}\n',
    })
    expectInputError(explicit, 'hooks.js', 'package.json says "type": "commonjs"', 'name it .mjs or .ts')
  })
})

describe('show and compare given a journal or a folder say which report.json to pass, or read the only one', () => {
  /** A finished run's folder (out/report.json beside out/results.jsonl) in a fresh project. */
  function finishedRun(): string {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': 'name: x\ntools: ./tools.json\ncases:\n  - id: a\n    prompt: hi\n' })
    const run = runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'reports/latest'], { cwd: dir })
    expect(run.code, run.stderr).not.toBe(2)
    return dir
  }

  it('a journal (results.jsonl) is named as one, with the report.json beside it', () => {
    const dir = finishedRun()
    for (const args of [['show', 'reports/latest/results.jsonl'], ['compare', 'reports/latest/report.json', 'reports/latest/results.jsonl']]) {
      expectInputError(runCli(args, { cwd: dir }), 'reports/latest/results.jsonl', "a run's journal", 'not a report: pass reports/latest/report.json')
    }
  })

  it('a run folder, or a folder holding exactly one run, is read as its report.json', () => {
    const dir = finishedRun()
    for (const folder of ['reports/latest', 'reports']) {
      const shown = runCli(['show', folder, '--all'], { cwd: dir })
      expect(shown.code, shown.stderr).toBe(0)
      expect(shown.stdout).toContain('hi')
    }
    const compared = runCli(['compare', 'reports', 'reports/latest'], { cwd: dir })
    expect(compared.code, compared.stderr).toBe(0)
  })

  it('a folder of several reports lists them; a folder of an unfinished run says so', () => {
    const dir = finishedRun()
    expect(runCli(['run', 'suite.yaml', '--model', 'baseline', '--out', 'reports/other'], { cwd: dir }).code).not.toBe(2)
    expectInputError(runCli(['show', 'reports'], { cwd: dir }), 'a folder of 2 reports: pass one of reports/latest/report.json, reports/other/report.json')
    const unfinished = tempFiles({ 'out/results.jsonl': '{}\n' })
    expectInputError(runCli(['show', 'out'], { cwd: unfinished }), 'out: a folder without a report.json', 'did not finish', '--resume')
  })
})
