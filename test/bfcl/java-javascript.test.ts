import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { convertJava } from '../../src/bfcl/checker/java-types.ts'
import { convertJavascript } from '../../src/bfcl/checker/javascript-types.ts'
import { bfclCaseVerdict } from '../../src/bfcl/case-verdict.ts'
import { importCategories } from '../../src/bfcl/import.ts'
import { scoreResults } from '../../src/bfcl/score.ts'
import { renderScoreTable } from '../../src/bfcl/table.ts'
import { resultFileToScripted } from '../../src/bfcl/to-scripted.ts'
import { pyDict, pyFloat, pyInt } from '../../src/bfcl/py/value.ts'
import { hasSharedData, projectRoot, sharedData, sharedTitle } from '../helpers/shared-data.ts'
import { check, doc, fc } from './build.ts'

// simple_java / simple_javascript: the model writes each argument as Java/JS source text in a string; BFCL
// converts it by the declared type, then checks as for Python. Hand-made vectors first, then BFCL's own verdicts.

describe('Java values as BFCL converts them', () => {
  it('long needs an L suffix and float an f suffix; otherwise the text stays a string', () => {
    expect(convertJava('5L', 'long')).toEqual(pyInt(5))
    expect(convertJava('5', 'long')).toBe('5')
    expect(convertJava('1.5f', 'float')).toEqual(pyFloat(1.5))
    expect(convertJava('2e3F', 'float')).toEqual(pyFloat(2000))
    expect(convertJava('1.5', 'float')).toBe('1.5')
    expect(convertJava('1.5', 'double')).toEqual(pyFloat(1.5))
    expect(convertJava('-12', 'integer')).toEqual(pyInt(-12))
    expect(convertJava('12.0', 'integer')).toBe('12.0')
    expect(convertJava('true', 'boolean')).toBe(true)
    expect(convertJava('True', 'boolean')).toBe('True')
    expect(convertJava("'a'", 'char')).toBe("'a'")
    expect(convertJava('"quoted"', 'String')).toBe('"quoted"')
  })

  it('reads the ArrayList forms (String items unquoted), Array forms (String items keep their quotes) and HashMaps', () => {
    expect(convertJava('new ArrayList<>(Arrays.asList("a", "b"))', 'ArrayList', 'String')).toEqual(['a', 'b'])
    expect(convertJava('new ArrayList<Long>() {{\n  add(1L);\n  add(2);\n}}', 'ArrayList', 'long')).toEqual([pyInt(1), '2'])
    expect(convertJava('new ArrayList<>()', 'ArrayList', 'integer')).toEqual([])
    expect(convertJava('List.of(1, 2)', 'ArrayList', 'integer')).toBe('List.of(1, 2)')
    expect(convertJava('new ArrayList<>(Arrays.asList(1, true))', 'ArrayList', 'any')).toEqual(['1', 'true'])
    expect(convertJava('new String[]{"a", "b"}', 'Array', 'String')).toEqual(['"a"', '"b"'])
    expect(convertJava('new String[]{a, b}', 'Array', 'String')).toEqual(['a', 'b'])
    expect(convertJava('new int[] { 1, 2, }', 'Array', 'integer')).toEqual([pyInt(1), pyInt(2)])
    expect(convertJava('new HashMap<String, Object>() {{ put("n", 5); put("s", "v"); put("f", 2.5f); put("b", true); }}', 'HashMap'))
      .toEqual(pyDict([['n', pyInt(5)], ['s', 'v'], ['f', pyFloat(2.5)], ['b', true]]))
    expect(convertJava('new HashMap<>()', 'HashMap')).toEqual(pyDict([]))
    expect(convertJava('Map.of("a", 1)', 'HashMap')).toBe('Map.of("a", 1)')
  })

  it('scores a Java entry: non-string values are type_error:java, unconverted text a type error, converted values checked', () => {
    const docs = [doc('Pool.resize', { size: { type: 'long', description: 'n' }, names: { type: 'ArrayList', items: { type: 'String' }, description: 'n' } }, ['size'])]
    const answer = '[{"Pool.resize": {"size": [10], "names": [["a", "b"], ""]}}]'
    const options = { underscoreToDot: true }
    expect(check('simple_java', docs, answer, fc(['Pool_resize', '{"size": "10L"}']), options).valid).toBe(true)
    expect(check('simple_java', docs, answer, fc(['Pool_resize', '{"size": "10"}']), options).errorType).toBe('type_error:simple')
    expect(check('simple_java', docs, answer, fc(['Pool_resize', '{"size": 10}']), options).errorType).toBe('type_error:java')
    expect(check('simple_java', docs, answer, fc(['Pool_resize', '{"size": "10L", "names": "new ArrayList<>(Arrays.asList(\\"A\\", \\"b\\"))"}']), options).valid).toBe(true)
    expect(check('simple_java', docs, answer, fc(['Pool_resize', '{"size": "10L", "names": "new ArrayList<>(Arrays.asList(\\"b\\", \\"a\\"))"}']), options).errorType).toBe('value_error:list/tuple')
  })
})

describe('JavaScript values as BFCL converts them', () => {
  it('unquotes strings, reads ints, plain floats (no exponent), bigints and booleans', () => {
    expect(convertJavascript("'abc'", 'String')).toBe('abc')
    expect(convertJavascript('abc', 'String')).toBe('abc')
    expect(convertJavascript('5', 'integer')).toEqual(pyInt(5))
    expect(convertJavascript('5', 'float')).toEqual(pyFloat(5))
    expect(convertJavascript('1e3', 'float')).toBe('1e3')
    expect(convertJavascript('12n', 'Bigint')).toEqual(pyInt(12))
    expect(convertJavascript('12', 'Bigint')).toBe('12')
    expect(convertJavascript('false', 'Boolean')).toBe(false)
  })

  it('reads arrays (typed items, new Array, 2-D) and one-level objects as BFCL parses them', () => {
    expect(convertJavascript("[1, 'two', true]", 'array')).toEqual([pyInt(1), 'two', true])
    expect(convertJavascript('["a", "b"]', 'array', 'String')).toEqual(['a', 'b'])
    expect(convertJavascript('new Array(1.5, 2)', 'array', 'float')).toEqual([pyFloat(1.5), pyFloat(2)])
    expect(convertJavascript('[[1, 2], [3, 4]]', 'array')).toEqual([[pyInt(1), pyInt(2)], [pyInt(3), pyInt(4)]])
    expect(convertJavascript('[]', 'array', 'String')).toEqual([])
    expect(convertJavascript('items', 'array', 'String')).toBe('items')
    expect(convertJavascript("{name: 'x', size: 3, tags: ['a', 'b']}", 'dict')).toEqual(pyDict([['name', 'x'], ['size', pyInt(3)], ['tags', ['a', 'b']]]))
    // Objects do not nest: the text stops at the first `}`.
    expect(convertJavascript('{a: {b: 1}}', 'dict')).toEqual(pyDict([['a', '{b: 1']]))
    expect(convertJavascript('{}', 'dict')).toEqual(pyDict([]))
  })

  it('scores a JavaScript entry: non-string values are type_error:js', () => {
    const docs = [doc('fetchData', { retries: { type: 'integer', description: 'n' }, url: { type: 'String', description: 'u' } }, ['url'])]
    const answer = '[{"fetchData": {"retries": [3, ""], "url": ["https://a.example/x"]}}]'
    expect(check('simple_javascript', docs, answer, fc(['fetchData', '{"url": "\'https://a.example/x\'", "retries": "3"}'])).valid).toBe(true)
    expect(check('simple_javascript', docs, answer, fc(['fetchData', '{"url": "https://a.example/x", "retries": 3}'])).errorType).toBe('type_error:js')
  })
})

describe('bfcl import for Java and JavaScript categories', () => {
  it('sends every parameter as a string with BFCL\'s type notes, and the imported case converts values back', () => {
    const data = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-java-'))
    const javaDoc = doc('Cache.put', {
      key: { type: 'String', description: 'The key.' },
      ttl: { type: 'long', description: 'Seconds.' },
      tags: { type: 'Array', items: { type: 'String' }, description: 'Tags.' },
      value: { type: 'any', description: 'The value.' },
    }, ['key', 'ttl'])
    const jsDoc = doc('render', { options: { type: 'dict', description: 'Options.', properties: { depth: { type: 'integer', description: 'Dépth' } } } }, ['options'])
    writeFileSync(join(data, 'BFCL_v4_simple_java.json'), `${JSON.stringify({ id: 'simple_java_0', question: [[{ role: 'user', content: 'q' }]], function: [javaDoc] })}\n`)
    mkdirSync(join(data, 'possible_answer'))
    writeFileSync(join(data, 'possible_answer', 'BFCL_v4_simple_java.json'), `${JSON.stringify({ id: 'simple_java_0', ground_truth: [{ 'Cache.put': { key: ['user'], ttl: [30], tags: [['a'], ''], value: [''] } }] })}\n`)
    writeFileSync(join(data, 'BFCL_v4_simple_javascript.json'), `${JSON.stringify({ id: 'simple_javascript_0', question: [[{ role: 'user', content: 'q' }]], function: [jsDoc] })}\n`)
    const out = join(data, 'suites')
    importCategories({ dataDir: data, outDir: out, categories: ['simple_java', 'simple_javascript'] })
    const [javaTool] = JSON.parse(readFileSync(join(out, 'simple_java', 'tools.json'), 'utf8'))
    expect(javaTool.name).toBe('Cache_put')
    expect(javaTool.description).toBe('test function Note that the provided function is in Java 8 SDK syntax.')
    expect(javaTool.parameters.required).toEqual(['key', 'ttl'])
    expect(javaTool.parameters.properties).toEqual({
      key: { type: 'string', description: 'The key. This is Java String type parameter in string representation.' },
      ttl: { type: 'string', description: 'Seconds. This is Java long type parameter in string representation.' },
      tags: { type: 'string', description: 'Tags. This is Java Array type parameter in string representation. The list elements are of type String; they are not in string representation.' },
      value: { type: 'string', description: 'The value. This parameter can be of any type of Java object in string representation.' },
    })
    // The case carries BFCL's original types: the model's Java text is converted back before checking.
    const [javaCase] = readFileSync(join(out, 'simple_java', 'cases.jsonl'), 'utf8').split('\n').map((line) => line && JSON.parse(line))
    const verdict = (rawArguments: string) => bfclCaseVerdict(javaCase.expect.bfcl, { calls: [{ name: 'Cache_put', rawArguments }], text: '' })
    expect(verdict('{"key": "user", "ttl": "30L", "tags": "new String[]{a}"}')).toMatchObject({ valid: true })
    expect(verdict('{"key": "user", "ttl": "30"}')).toMatchObject({ valid: false, errorType: 'type_error:simple' })
    expect(verdict('{"key": "user", "ttl": "30L", "tags": "new String[]{\\"a\\"}"}')).toMatchObject({ valid: false, errorType: 'value_error:list/tuple' })
    const [jsTool] = JSON.parse(readFileSync(join(out, 'simple_javascript', 'tools.json'), 'utf8'))
    expect(jsTool.description).toBe('test function Note that the provided function is in JavaScript syntax.')
    expect(jsTool.parameters.properties.options).toEqual({
      type: 'string',
      description: 'Options. This is JavaScript dict type parameter in string representation. The dictionary entries have the following schema; they are not in string representation. {"depth": {"type": "integer", "description": "D\\u00e9pth"}}',
    })
  })
})

const ready = hasSharedData('bfcl-multi-turn')
const models = ['openai_gpt-oss-120b', 'openai_gpt-oss-20b'] as const
const categories = ['simple_java', 'simple_javascript'] as const
type Golden = { model: string; category: string; id: string; valid: boolean; error_type: string | null; error_message: unknown[] | null }

describe.skipIf(!ready)(sharedTitle('BFCL Java/JavaScript verdicts', 'bfcl-multi-turn'), () => {
  const resultDir = (model: string) => sharedData('bfcl-multi-turn', 'results', '2025-11-12-harmony-fixes', 'result', model, 'non_live')

  it('bfcl score agrees with golden.jsonl on every simple_java and simple_javascript entry: validity, error type and messages', () => {
    const golden = new Map(readFileSync(sharedData('bfcl-multi-turn', 'golden.jsonl'), 'utf8').split('\n').filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Golden).map((g) => [`${g.model}|${g.id}`, g]))
    const disagreements: string[] = []
    for (const model of models) {
      // These gpt-oss runs saw `.` → `_` in function names (the golden's underscore_to_dot).
      const run = scoreResults({ dataDir: sharedData('bfcl-multi-turn', 'bfcl'), resultsDir: resultDir(model), underscoreToDot: true })
      for (const category of categories) {
        const verdicts = run.verdicts.filter((verdict) => verdict.category === category)
        expect(verdicts).toHaveLength(category === 'simple_java' ? 100 : 50)
        let agree = 0
        for (const verdict of verdicts) {
          const want = golden.get(`${model}|${verdict.id}`)!
          if (want.valid === verdict.valid && want.error_type === verdict.error_type && JSON.stringify(want.error_message ?? []) === JSON.stringify(verdict.error)) agree++
          else disagreements.push(`${model} ${verdict.id}: BFCL ${want.error_type}, toolgauge ${verdict.error_type}`)
        }
        console.log(`${model} ${category}: ${agree}/${verdicts.length} agree with BFCL (validity, error type, messages)`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('the summary and table give the per-category accuracy BFCL published', () => {
    const run = scoreResults({ dataDir: sharedData('bfcl-multi-turn', 'bfcl'), resultsDir: resultDir('openai_gpt-oss-120b'), underscoreToDot: true })
    expect(run.skipped).toEqual([])
    const [summary] = run.summaries
    expect(summary!.categories.simple_java).toEqual({ correct: 56, total: 100, accuracy: 0.56 })
    expect(summary!.categories.simple_javascript).toEqual({ correct: 22, total: 50, accuracy: 0.44 })
    expect(summary!.groups.non_live.missing).not.toContain('simple_java')
    const table = renderScoreTable(run.summaries)
    expect(table).toMatch(/simple_java\s+│\s+56\.00% \(56\/100\)/)
    expect(table).toMatch(/simple_javascript\s+│\s+44\.00% \(22\/50\)/)
  })

  it.each(categories)('%s imported and replayed through the runner (matching: bfcl) gets each entry the verdict bfcl score gives', (category) => {
    const root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-java-run-'))
    importCategories({ dataDir: sharedData('bfcl-multi-turn', 'bfcl'), outDir: join(root, 'suites'), categories: [category] })
    const resultFile = join(resultDir('openai_gpt-oss-20b'), `BFCL_v4_${category}_result.json`)
    const scripted = join(root, 'scripted.json')
    writeFileSync(scripted, JSON.stringify(resultFileToScripted(resultFile)))
    const out = join(root, 'report')
    const run = spawnSync(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), 'run', join(root, 'suites', category), '--model', `scripted:${scripted}`, '--out', out], { encoding: 'utf8' })
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect([0, 1]).toContain(run.status)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { case: string; passed: boolean; failures: { message: string }[] }[] }
    const scored = scoreResults({ dataDir: sharedData('bfcl-multi-turn', 'bfcl'), resultsDir: resultFile, underscoreToDot: true })
    const byCase = new Map(report.results.map((result) => [result.case, result]))
    expect(report.results).toHaveLength(scored.verdicts.length)
    const mismatches = scored.verdicts.flatMap((verdict) => {
      const result = byCase.get(verdict.id)
      const errorType = result?.failures.map((failure) => /^BFCL (\S+):/.exec(failure.message)?.[1]).find(Boolean) ?? null
      return result && result.passed === verdict.valid && errorType === verdict.error_type ? [] : [`${verdict.id}: score ${verdict.error_type}, run ${errorType}`]
    })
    expect(mismatches).toEqual([])
  })
})
