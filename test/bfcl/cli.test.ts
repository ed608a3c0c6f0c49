import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/shared-data.ts'

// The bfcl command end to end on a tiny hand-made BFCL data folder (no shared data needed).

const toolgauge = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), ...args], { encoding: 'utf8' })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n'

let root = ''
let data = ''
const lampDoc = { name: 'home.lamp', description: 'Set a lamp.', parameters: { type: 'dict', properties: { level: { type: 'float', description: 'Level.' } }, required: ['level'] } }

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-cli-'))
  data = join(root, 'data')
  mkdirSync(join(data, 'possible_answer'), { recursive: true })
  writeFileSync(join(data, 'BFCL_v4_simple_python.json'), jsonl([
    { id: 'simple_python_0', question: [[{ role: 'user', content: 'Lamp to half.' }]], function: [lampDoc] },
    { id: 'simple_python_1', question: [[{ role: 'user', content: 'Lamp to full.' }]], function: [lampDoc] },
    { id: 'simple_python_2', question: [[{ role: 'user', content: 'Lamp to high.' }]], function: [lampDoc] },
  ]))
  // Written by hand so the float lexemes survive (JSON.stringify would write 1.0 as 1).
  writeFileSync(join(data, 'possible_answer', 'BFCL_v4_simple_python.json'),
    '{"id": "simple_python_0", "ground_truth": [{"home.lamp": {"level": [0.5]}}]}\n{"id": "simple_python_1", "ground_truth": [{"home.lamp": {"level": [1.0]}}]}\n'
    + '{"id": "simple_python_2", "ground_truth": [{"home.lamp": {"level": [1.0]}}]}')
  writeFileSync(join(data, 'BFCL_v4_irrelevance.json'), jsonl([
    { id: 'irrelevance_0', question: [[{ role: 'user', content: 'Tell me a joke.' }]], function: [lampDoc] },
  ]))
  const model = join(root, 'results', 'my-model-FC')
  mkdirSync(model, { recursive: true })
  writeFileSync(join(model, 'BFCL_v4_simple_python_result.json'), jsonl([
    { id: 'simple_python_0', result: [{ home_lamp: '{"level": 0.5}' }] },
    { id: 'simple_python_1', result: [{ home_lamp: '{"level": 1}' }] },
    { id: 'simple_python_2', result: [{ home_lamp: '{"level": "high"}' }] },
  ]))
  writeFileSync(join(model, 'BFCL_v4_irrelevance_result.json'), jsonl([{ id: 'irrelevance_0', result: 'Why did the lamp…' }]))
})

describe('toolgauge bfcl score', () => {
  it('writes verdicts.jsonl and summary.json and prints the table', () => {
    const out = join(root, 'out')
    const run = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results'), '--underscore-to-dot', '--out', out)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('simple_python')
    expect(run.stdout).toContain('66.67% (2/3)')
    const verdicts = readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    expect(verdicts.map((v) => [v.id, v.category, v.valid, v.error_type])).toEqual([
      ['irrelevance_0', 'irrelevance', true, null],
      ['simple_python_0', 'simple_python', true, null],
      ['simple_python_1', 'simple_python', true, null],
      ['simple_python_2', 'simple_python', false, 'type_error:simple'],
    ])
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))
    expect(summary.models[0].model).toBe('my-model-FC')
    expect(summary.models[0].mode).toBe('fc')
    expect(summary.models[0].categories.simple_python).toEqual({ correct: 2, total: 3, accuracy: 2 / 3 })
    expect(summary.models[0].groups.hallucination).toEqual({ accuracy: 0.5, complete: false, missing: ['live_irrelevance'] })
  })

  it.each([[[]], [['--underscore-to-dot', '--keep-dots-for', 'my-model-FC']]])('with %j the underscored names are wrong_func_name', (flags) => {
    const out = join(root, `out-dots-${flags.length}`)
    expect(toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results'), ...flags, '--out', out).code).toBe(0)
    const verdicts = readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    expect(verdicts.filter((v) => v.category === 'simple_python').map((v) => v.error_type)).toEqual(['simple_function_checker:wrong_func_name', 'simple_function_checker:wrong_func_name', 'simple_function_checker:wrong_func_name'])
  })

  it('bad input: missing --data, no result files, a malformed line, a line without id, an unknown id', () => {
    const missing = toolgauge('bfcl', 'score', '--results', join(root, 'results'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--data')

    const empty = join(root, 'empty')
    mkdirSync(empty, { recursive: true })
    const none = toolgauge('bfcl', 'score', '--data', data, '--results', empty)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('no BFCL_v4_<category>_result.json files found')

    const broken = join(root, 'broken', 'm')
    mkdirSync(broken, { recursive: true })
    const file = join(broken, 'BFCL_v4_simple_python_result.json')
    writeFileSync(file, '{"id": "simple_python_0", "result": []}\n{"id": "simple_python_1", "result": [}\n')
    const malformed = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'broken'))
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toContain(`${file}:2`)
    expect(malformed.stderr).not.toMatch(/\n\s+at /)

    writeFileSync(file, '{"result": []}\n')
    const noId = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'broken'))
    expect(noId.code).toBe(2)
    expect(noId.stderr).toContain(`${file}:1: id:`)

    writeFileSync(file, '{"id": "simple_python_9", "result": []}\n')
    const unknown = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'broken'))
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('simple_python_9')
  })

  it('rejects an unknown subcommand, an unknown --mode, --keep-dots-for without --underscore-to-dot', () => {
    expect(toolgauge('bfcl', 'nope').code).toBe(2)
    expect(toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results'), '--keep-dots-for', 'my-model-FC').code).toBe(2)
    expect(toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results'), '--mode', 'xml').code).toBe(2)
  })
})

describe('toolgauge bfcl import and to-scripted', () => {
  it('writes a suite per category whose cases carry matching: bfcl, the exact answer text and matchers', () => {
    const out = join(root, 'suites')
    const run = toolgauge('bfcl', 'import', '--data', data, '--out', out)
    expect(run.code).toBe(0)
    const suite = JSON.parse(readFileSync(join(out, 'simple_python', 'suite.json'), 'utf8'))
    expect(suite.matching).toBe('bfcl')
    expect(suite.tools).toBe('./tools.json')
    expect(suite.cases).toBe('./cases.jsonl')
    const tools = JSON.parse(readFileSync(join(out, 'simple_python', 'tools.json'), 'utf8'))
    expect(tools[0].name).toBe('home_lamp')
    expect(tools[0].parameters.properties.level).toMatchObject({ type: 'number', format: 'float' })
    const [first, second] = readCases(join(out, 'simple_python'))
    expect(first).toMatchObject({ id: 'simple_python_0', tools: ['home_lamp'], max_turns: 1, messages: [{ role: 'user', content: 'Lamp to half.' }] })
    expect(first.expect.calls).toEqual([{ name: 'home_lamp', args: { level: [0.5] } }])
    expect(second.expect.bfcl).toMatchObject({ category: 'simple_python', answer: '[{"home.lamp": {"level": [1.0]}}]', underscore_to_dot: true })
    expect(second.expect.bfcl.functions).toEqual([lampDoc])
    expect(JSON.parse(readFileSync(join(out, 'irrelevance', 'suite.json'), 'utf8')).cases).toBe('./cases.jsonl')
    expect(readCases(join(out, 'irrelevance'))[0].expect).toMatchObject({ no_call: true, matching: 'bfcl', bfcl: { category: 'irrelevance', answer: null } })
  })

  it('rejects an unknown category', () => {
    const run = toolgauge('bfcl', 'import', '--data', data, '--category', 'simple_rust', '--out', join(root, 'x'))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--category')
  })

  it('converts a result file into a scripted model file with raw argument strings', () => {
    const out = join(root, 'scripted.json')
    const run = toolgauge('bfcl', 'to-scripted', join(root, 'results', 'my-model-FC', 'BFCL_v4_simple_python_result.json'), '--out', out)
    expect(run.code).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      simple_python_0: [{ tool_calls: [{ id: 'call_0', name: 'home_lamp', arguments: '{"level": 0.5}' }] }],
      simple_python_1: [{ tool_calls: [{ id: 'call_0', name: 'home_lamp', arguments: '{"level": 1}' }] }],
      simple_python_2: [{ tool_calls: [{ id: 'call_0', name: 'home_lamp', arguments: '{"level": "high"}' }] }],
    })
  })
})

describe('an imported suite through toolgauge run (hand-made data)', () => {
  it('gives each case the verdict bfcl score gives the replayed output', () => {
    const suites = join(root, 'run-suites')
    expect(toolgauge('bfcl', 'import', '--data', data, '--out', suites).code).toBe(0)
    const scripted = join(root, 'run-scripted.json')
    expect(toolgauge('bfcl', 'to-scripted', join(root, 'results', 'my-model-FC', 'BFCL_v4_simple_python_result.json'), '--out', scripted).code).toBe(0)
    const out = join(root, 'run-report')
    const run = toolgauge('run', join(suites, 'simple_python'), '--model', `scripted:${scripted}`, '--out', out)
    expect(run.code).toBe(1)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { case: string; passed: boolean; failures: { kind: string; message: string }[] }[] }
    const byCase = Object.fromEntries(report.results.map((result) => [result.case, result]))
    expect(byCase.simple_python_0!.passed).toBe(true)
    expect(byCase.simple_python_1!.passed).toBe(true)
    expect(byCase.simple_python_2!.passed).toBe(false)
    expect(byCase.simple_python_2!.failures[0]).toMatchObject({ kind: 'schema_violation' })
    expect(byCase.simple_python_2!.failures[0]!.message).toMatch(/^BFCL type_error:simple: /)
  })
})


/** The cases of an imported suite's case file, one JSON object per line. */
function readCases(dir: string) {
  return readFileSync(join(dir, 'cases.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line))
}
