import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../helpers/shared-data.ts'

// `toolgauge bfcl score` on a tiny hand-made multi-turn folder (no shared data needed).

const toolgauge = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), ...args], { encoding: 'utf8' })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

// A made-up bfcl_eval folder (BFCL's real long_context.py never ships).
const longContextFixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bfcl_eval')

const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n'
const call = (name: string, args: object) => ({ [name]: JSON.stringify(args) })

let root = ''
let data = ''

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-mt-cli-'))
  data = join(root, 'data')
  mkdirSync(join(data, 'possible_answer'), { recursive: true })
  const question = (id: string) => ({ id, question: [[{ role: 'user', content: 'Add 2 and 3.' }], [{ role: 'user', content: 'Now 4 and 5.' }]], initial_config: {}, path: [], involved_classes: ['MathAPI'] })
  for (const category of ['multi_turn_base', 'multi_turn_long_context']) {
    writeFileSync(join(data, `BFCL_v4_${category}.json`), jsonl([0, 1, 2, 3].map((n) => question(`${category}_${n}`))))
    writeFileSync(join(data, 'possible_answer', `BFCL_v4_${category}.json`), jsonl([0, 1, 2, 3].map((n) => ({ id: `${category}_${n}`, ground_truth: [['add(a=2, b=3)'], ['add(4, 5)']] }))))
  }
  const model = join(root, 'results', 'm-FC')
  mkdirSync(model, { recursive: true })
  writeFileSync(join(model, 'BFCL_v4_multi_turn_base_result.json'), jsonl([
    { id: 'multi_turn_base_0', result: [[[call('add', { a: 2, b: 3 })], []], [[call('add', { a: 4, b: 5 })], []]] },
    // 2.0 + 3 is 5.0: the response "{"result": 5.0}" is not the ground truth's "{"result": 5}".
    { id: 'multi_turn_base_1', result: [[[call('add', { a: 2, b: 3 })]], [[{ add: '{"a": 4.0, "b": 5}' }]]] },
    { id: 'multi_turn_base_2', result: [[[call('add', { a: 2, b: 3 })]], [[]]] },
    { id: 'multi_turn_base_3', result: 'Error during inference: boom' },
  ]))
})

describe('toolgauge bfcl score on multi-turn results', () => {
  it('writes one verdict per entry with error_type and error_turn, and the per-category score', () => {
    const out = join(root, 'out')
    const run = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results'), '--out', out)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('25.00% (1/4)')
    expect(run.stdout).toContain('Multi Turn (BFCL group)')
    const verdicts = readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(verdicts.map((v) => [v.id, v.category, v.valid, v.error_type, v.error_turn])).toEqual([
      ['multi_turn_base_0', 'multi_turn_base', true, null, null],
      ['multi_turn_base_1', 'multi_turn_base', false, 'multi_turn:execution_response_mismatch', 1],
      ['multi_turn_base_2', 'multi_turn_base', false, 'multi_turn:empty_turn_model_response', 1],
      ['multi_turn_base_3', 'multi_turn_base', false, 'multi_turn:inference_error', null],
    ])
  })

  it('multi_turn_long_context without --bfcl-source is bad input (exit 2, naming the flag)', () => {
    const model = join(root, 'results-lc', 'm-FC')
    mkdirSync(model, { recursive: true })
    writeFileSync(join(model, 'BFCL_v4_multi_turn_long_context_result.json'), jsonl([{ id: 'multi_turn_long_context_0', result: [[], []] }]))
    const run = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results-lc'), '--out', join(root, 'out-lc'))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--bfcl-source')
    expect(run.stderr).not.toContain('    at ')
    const wrong = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results-lc'), '--bfcl-source', root, '--out', join(root, 'out-lc'))
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('long_context.py')
  })

  it('multi_turn_long_context with --bfcl-source is scored like the other categories', () => {
    const model = join(root, 'results-lc-scored', 'm-FC')
    mkdirSync(model, { recursive: true })
    writeFileSync(join(model, 'BFCL_v4_multi_turn_long_context_result.json'), jsonl([
      { id: 'multi_turn_long_context_0', result: [[[call('add', { a: 2, b: 3 })]], [[call('add', { a: 4, b: 5 })]]] },
      { id: 'multi_turn_long_context_1', result: [[[call('add', { a: 2, b: 3 })]], [[]]] },
    ]))
    const out = join(root, 'out-lc-scored')
    const run = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results-lc-scored'), '--bfcl-source', longContextFixture, '--out', out)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const verdicts = readFileSync(join(out, 'verdicts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(verdicts.map((v) => [v.id, v.category, v.valid, v.error_type, v.error_turn])).toEqual([
      ['multi_turn_long_context_0', 'multi_turn_long_context', true, null, null],
      ['multi_turn_long_context_1', 'multi_turn_long_context', false, 'multi_turn:empty_turn_model_response', 1],
    ])
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { skipped: unknown[]; models: { categories: Record<string, { correct: number; total: number }> }[] }
    expect(summary.skipped).toEqual([])
    expect(summary.models[0]!.categories.multi_turn_long_context).toMatchObject({ correct: 1, total: 2 })
  })

  it('bfcl import --category multi_turn_long_context needs --bfcl-source, and records the folder in every case', () => {
    mkdirSync(join(data, 'multi_turn_func_doc'), { recursive: true })
    const add = { name: 'add', description: 'Add two numbers.', parameters: { type: 'dict', properties: { a: { type: 'float', description: 'a' }, b: { type: 'float', description: 'b' } }, required: ['a', 'b'] } }
    writeFileSync(join(data, 'multi_turn_func_doc', 'math_api.json'), jsonl([add]))
    const refused = toolgauge('bfcl', 'import', '--data', data, '--category', 'multi_turn_long_context', '--out', join(root, 'suites-none'))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--bfcl-source')
    const run = toolgauge('bfcl', 'import', '--data', data, '--category', 'multi_turn_long_context', '--bfcl-source', longContextFixture, '--out', join(root, 'suites'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const cases = readFileSync(join(root, 'suites', 'multi_turn_long_context', 'cases.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { state: unknown })
    expect(cases).toHaveLength(4)
    for (const item of cases) expect(item.state).toMatchObject({ bfcl: { long_context: true, bfcl_source: longContextFixture } })
  })

  it("an unexpected long_context.py in --bfcl-source is bad input naming the file and line (exit 2)", () => {
    const source = join(root, 'bad-source')
    const file = join(source, 'eval_checker', 'multi_turn_eval', 'func_source_code', 'long_context.py')
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, 'FILES_TAIL_USED = []\ndef f():\n    pass\n')
    const run = toolgauge('bfcl', 'score', '--data', data, '--results', join(root, 'results-lc'), '--bfcl-source', source, '--out', join(root, 'out-bad'))
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`${file}:2`)
    expect(run.stderr).not.toContain('    at ')
  })
})
