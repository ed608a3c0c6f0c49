import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { importUserFunction, importUserModule } from '../../src/io/load-module.ts'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'
import { weatherToolsJson } from '../helpers/two-city-suite.ts'

async function loadError(path: string, reference = {}): Promise<InputError> {
  const error = await importUserModule(path, reference).then(() => undefined, (caught: unknown) => caught)
  if (!InputError.isInstance(error)) throw new Error(`expected an InputError, got ${String(error)}`)
  return error
}

describe('user modules', () => {
  it('loads TypeScript (.ts, .mts, .cts) and JavaScript (.js, .mjs, .cjs) in a CommonJS project', async () => {
    const dir = tempFiles({
      'package.json': '{ "type": "commonjs" }',
      'helper.ts': 'export const factor: number = 2\n',
      // Top-level await and a sibling import by its .js name, as tsc users write it.
      'stub.ts': "import { factor } from './helper.js'\nconst base: number = await Promise.resolve(40)\nexport function answer(): number { return base + factor }\n",
      'stub.mts': 'export const answer = (): number => 1\n',
      'stub.cts': 'const value: number = 2\nmodule.exports = { answer: () => value }\n',
      'stub.js': 'module.exports = { answer: () => 3 }\n',
      'stub.mjs': 'export const answer = () => 4\n',
      'stub.cjs': 'exports.answer = () => 5\n',
    })
    const answers = await Promise.all(['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'].map(async (extension) =>
      (await importUserFunction<() => number>(join(dir, `stub.${extension}`), 'answer', {}))()))
    expect(answers).toEqual([42, 1, 2, 3, 4, 5])
  })

  it('loads a .ts module in an ESM project', async () => {
    const dir = tempFiles({ 'package.json': '{ "type": "module" }', 'hooks.ts': 'export function beforeToolCall(): { reject: string } { return { reject: import.meta.url } }\n' })
    const hook = await importUserFunction<() => { reject: string }>(join(dir, 'hooks.ts'), 'beforeToolCall', {})
    expect(hook().reject).toMatch(/^file:.*hooks\.ts$/)
  })

  it('reports a syntax error in a .ts module with the module file and line, not a module system message', async () => {
    const dir = tempFiles({ 'stubs.ts': 'export function weather(args: { city: string }) {\n  const x: = 3\n  return x\n}\n' })
    const error = await loadError(join(dir, 'stubs.ts'), { file: join(dir, 'suite.yaml'), line: 6, field: 'stubs.weather.module' })
    expect(error.location).toEqual({ file: join(dir, 'stubs.ts'), line: 2 })
    expect(error.message).toBe(`${join(dir, 'stubs.ts')}:2: syntax error: Unexpected "=" (column 12) (loaded for stubs.weather.module in ${join(dir, 'suite.yaml')}:6)`)
  })

  it('reports a syntax error in a file a .ts module imports at that file\'s line, naming the module that imports it', async () => {
    const dir = tempFiles({ 'stubs.ts': "import { sky } from './sky.js'\nexport const weather = () => sky\n", 'sky.ts': "export const cloud = 1\nexport const sky: string = 'rain\n" })
    const error = await loadError(join(dir, 'stubs.ts'), { field: 'stubs.weather.module' })
    expect(error.location).toEqual({ file: join(dir, 'sky.ts'), line: 2 })
    expect(error.message).toBe(`${join(dir, 'sky.ts')}:2: syntax error: Unterminated string literal (column 33) (imported by ${join(dir, 'stubs.ts')}) (loaded for stubs.weather.module)`)
  })

  it('reports an error thrown while a .ts module loads at the line that threw', async () => {
    const dir = tempFiles({ 'stubs.ts': "type A = { x: number }\nconst a: A = { x: 1 }\nexport const f = () => a\nthrow new Error('no database')\n" })
    const error = await loadError(join(dir, 'stubs.ts'), { field: 'stubs.f.module' })
    expect(error.location).toEqual({ file: join(dir, 'stubs.ts'), line: 4 })
    expect(error.message).toBe(`${join(dir, 'stubs.ts')}:4: the module's top-level code threw: no database (loaded for stubs.f.module)`)
  })

  it('reports an error thrown by the top-level code of a file a .ts module imports at that file\'s line', async () => {
    const dir = tempFiles({
      'stubs.ts': "import { db } from './db.js'\nexport const weather = () => db\n",
      'db.ts': "type Db = { url: string }\nexport const db: Db = { url: 'x' }\nthrow new Error('no database')\n",
    })
    const error = await loadError(join(dir, 'stubs.ts'), { field: 'stubs.weather.module' })
    expect(error.location).toEqual({ file: join(dir, 'db.ts'), line: 3 })
    expect(error.message).toBe(`${join(dir, 'db.ts')}:3: the module's top-level code threw: no database (imported by ${join(dir, 'stubs.ts')}) (loaded for stubs.weather.module)`)
  })

  it('names the referencing field when the module is missing', async () => {
    const error = await loadError('/nowhere/stubs.ts', { file: '/x/suite.yaml', line: 3, field: 'stubs.a.module' })
    expect(error.message).toBe('/x/suite.yaml:3: stubs.a.module: module not found: /nowhere/stubs.ts')
  })
})

// Under vitest a JavaScript import goes through vite's transform, not Node: Node's own errors (.mjs) through the CLI.
describe('user modules Node imports', () => {
  function runStubs(files: Record<string, string>) {
    const dir = tempFiles({ 'tools.json': weatherToolsJson, ...files, 'suite.yaml': 'name: x\ntools: ./tools.json\nstubs:\n  get_weather: { module: ./stubs.mjs, export: weather }\ncases:\n  - id: a\n    prompt: hi\n' })
    return { dir, run: runCli(['run', join(dir, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, 'out')], { cwd: dir }) }
  }

  it('reports an error thrown by the top-level code of a file an .mjs module imports at that file\'s line', () => {
    const { dir, run } = runStubs({ 'stubs.mjs': "import { db } from './db.mjs'\nexport const weather = () => db\n", 'db.mjs': "export const db = {}\n\nthrow new Error('no database')\n" })
    expectInputError(run, `${join(dir, 'db.mjs')}:3: the module's top-level code threw: no database (imported by ${join(dir, 'stubs.mjs')})`)
  })

  it('reports a syntax error in a file an .mjs module imports with that file\'s line and column', () => {
    const { dir, run } = runStubs({ 'stubs.mjs': "import { sky } from './sky.mjs'\nexport const weather = () => sky\n", 'sky.mjs': 'export const cloud = 1\nexport const sky = = 2\n' })
    expectInputError(run, `${join(dir, 'sky.mjs')}:2: syntax error: Unexpected token '=' (column 20) (imported by ${join(dir, 'stubs.mjs')})`)
  })

  it('reports a syntax error in an .mjs module itself at its line', () => {
    const { dir, run } = runStubs({ 'stubs.mjs': 'export const cloud = 1\nexport const weather = = () => 2\n' })
    expectInputError(run, `${join(dir, 'stubs.mjs')}:2: syntax error: Unexpected token '='`)
  })
})
