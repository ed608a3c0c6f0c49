// A user module is kept while its code — its text and the local files it imports — is the same, and imported anew
// when that code changed on disk: one process never runs the copy it first imported under the digest of new code.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importUserFunction } from '../../src/io/load-module.ts'
import { tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const call = async (path: string, name = 'answer') => (await importUserFunction<() => unknown>(path, name, {}))()

/**
 * Runs `steps` (lines of an ES module beside `files`, with `answer(file)` pushing what the file's `answer` export
 * returns — or the name of the error loading it threw, with the file it names) in a Node process of its own; gives the answers.
 */
function answersInNode(files: Record<string, string>, steps: readonly string[]): unknown {
  const dir = tempFiles({
    ...files,
    'run.mjs': [
      "import { writeFileSync } from 'node:fs'",
      `const { importUserFunction } = await import(${JSON.stringify(pathToFileURL(join(projectRoot, 'src/io/load-module.ts')).href)})`,
      'const answers = []',
      "const answer = async (file) => { try { answers.push((await importUserFunction(new URL(file, import.meta.url).pathname, 'answer', {}))()) } catch (error) { answers.push([error.name, error.location?.file?.split('/').at(-1)].filter(Boolean).join(' at ')) } }",
      ...steps,
      'console.log(JSON.stringify(answers))',
    ].join('\n'),
  })
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'run.mjs')], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 })
  expect(child.status, child.stderr).toBe(0)
  return JSON.parse(child.stdout)
}

describe('a user module loaded again in one process', () => {
  it('is the same instance while its code is the same: what it keeps between calls lasts', async () => {
    const dir = tempFiles({ 'counter.ts': 'let calls = 0\nexport function answer(): number { return ++calls }\n' })
    expect([await call(join(dir, 'counter.ts')), await call(join(dir, 'counter.ts'))]).toEqual([1, 2])
  })

  it('a changed module sharing an unchanged imported file with another still shares that file\'s instance', async () => {
    const dir = tempFiles({
      'state.ts': 'export const state = { count: 0 }\n',
      'a.ts': "import { state } from './state.js'\nexport function answer(): string { state.count++; return `a${state.count}` }\n",
      'b.ts': "import { state } from './state.js'\nexport function answer(): string { return `b${state.count}` }\n",
    })
    expect([await call(join(dir, 'a.ts')), await call(join(dir, 'b.ts'))]).toEqual(['a1', 'b1'])
    writeFileSync(join(dir, 'a.ts'), "import { state } from './state.js'\nexport function answer(): string { state.count += 10; return `A${state.count}` }\n")
    expect([await call(join(dir, 'a.ts')), await call(join(dir, 'b.ts'))]).toEqual(['A11', 'b11'])
    // The shared file changed: both modules run its new code, and share its new instance.
    writeFileSync(join(dir, 'state.ts'), 'export const state = { count: 100 }\n')
    expect([await call(join(dir, 'a.ts')), await call(join(dir, 'b.ts'))]).toEqual(['A110', 'b110'])
  })

  // Under vitest a JavaScript import goes through vite, not Node's ES module cache: a Node process of its own.
  it('Node imports a changed .mjs or .cjs module, or the changed local file it imports, anew', () => {
    const answers = answersInNode({
      'entry.mjs': "import { sky } from './sky.mjs'\nexport const answer = () => `mjs ${sky}`\n",
      'sky.mjs': "export const sky = 'sunny'\n",
      'entry.cjs': "const { sky } = require('./sky.cjs')\nexports.answer = () => `cjs ${sky}`\n",
      'sky.cjs': "exports.sky = 'sunny'\n",
    }, [
      "for (const kind of ['mjs', 'cjs']) {",
      '  await answer(`entry.${kind}`)',
      '  await answer(`entry.${kind}`)',
      "  writeFileSync(new URL(`sky.${kind}`, import.meta.url), kind === 'mjs' ? \"export const sky = 'rain'\\n\" : \"exports.sky = 'rain'\\n\")",
      '  await answer(`entry.${kind}`)',
      "  writeFileSync(new URL(`entry.${kind}`, import.meta.url), kind === 'mjs' ? \"import { sky } from './sky.mjs'\\nexport const answer = () => `new mjs ${sky}`\\n\" : \"const { sky } = require('./sky.cjs')\\nexports.answer = () => `new cjs ${sky}`\\n\")",
      '  await answer(`entry.${kind}`)',
      '}',
    ])
    expect(answers).toEqual([
      'mjs sunny', 'mjs sunny', 'mjs rain', 'new mjs rain',
      'cjs sunny', 'cjs sunny', 'cjs rain', 'new cjs rain',
    ])
  })

  // esbuild cannot follow a module whose import has a syntax error: the module's digest is then its own text's, and
  // what it imports is unknown — it must be imported from disk, as a fresh process would, not from the copies of
  // its imports the process holds.
  it('a syntax error in a file the module imports fails the load, in Node as in jiti, and its fix is what loads next', () => {
    const answers = answersInNode({
      'entry.mjs': "import { sky } from './sky.mjs'\nexport const answer = () => `mjs ${sky}`\n",
      'entry.cjs': "const { sky } = require('./sky.cjs')\nexports.answer = () => `cjs ${sky}`\n",
      'entry.ts': "import { sky } from './sky.js'\nexport const answer = (): string => `ts ${sky}`\n",
    }, [
      "const sky = (kind, text) => writeFileSync(new URL(`sky.${kind}`, import.meta.url), kind === 'cjs' ? `exports.sky = ${text}\\n` : `export const sky = ${text}\\n`)",
      "for (const kind of ['mjs', 'cjs', 'ts']) {",
      "  sky(kind, \"'sunny'\")",
      '  await answer(`entry.${kind}`)',
      "  sky(kind, \"'rain\")",
      '  await answer(`entry.${kind}`)',
      "  sky(kind, \"'snow'\")",
      '  await answer(`entry.${kind}`)',
      '}',
    ])
    // The error names the broken file: where Node or esbuild says it (esbuild finds it for an ES module: Node 20 does not).
    expect(answers).toEqual(['mjs sunny', 'InputError at sky.mjs', 'mjs snow', 'cjs sunny', 'InputError at sky.cjs', 'cjs snow', 'ts sunny', 'InputError at sky.ts', 'ts snow'])
  })
})
