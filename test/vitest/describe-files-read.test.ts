// vitest's watch mode reruns a test file when a file of vite's module graph changes, and the files a describeSuite
// block reads are not in it (toolgauge reads and imports them itself): the block lists them on its suite's meta,
// whence the reporter reruns the test file on an edit of one (test/vitest/rerun-on-edit.test.ts). Every file the
// suite refers to is listed — its cases file, tools, hooks and what they import, a live stub, a custom check — and the
// scripted model's script, which the block read too.
import { join } from 'node:path'
import { expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityScript, weatherToolsJson } from '../helpers/two-city-suite.ts'

const cases = ['Oslo', 'Paris'].map((city) => JSON.stringify({ id: city.toLowerCase(), prompt: `Weather in ${city}?`, expect: { calls: [{ name: 'get_weather', args: { city } }], custom: { module: './checks.mjs', export: 'check' } } }))
const dir = tempFiles({
  'suite/suite.yaml': ['name: files', 'tools: ./tools.json', 'hooks: ./hooks.mjs', 'stubs: { get_weather: { module: ./stubs.ts, export: weather } }', 'cases: ./cases.jsonl'].join('\n'),
  'suite/tools.json': weatherToolsJson,
  'suite/cases.jsonl': `${cases.join('\n')}\n`,
  'suite/hooks.mjs': "import { note } from './lib/note.mjs'\nexport function beforeToolCall() { note() }\n",
  'suite/lib/note.mjs': 'export function note() {}\n',
  'suite/stubs.ts': 'export function weather(args: { city: string }) { return { city: args.city } }\n',
  'suite/checks.mjs': 'export const check = () => ({ pass: true })\n',
  'script.yaml': twoCityScript,
})

describeSuite(join(dir, 'suite/suite.yaml'), { model: `scripted:${join(dir, 'script.yaml')}` })

type Task = { readonly type: string; readonly name: string; readonly meta: TaskMeta }
it('the block lists every file it read on its suite\'s meta, for the reporter', ({ task }) => {
  const block = (task.file.tasks as readonly Task[]).find((entry) => entry.type === 'suite')!
  const files = ['suite/suite.yaml', 'suite/tools.json', 'suite/cases.jsonl', 'suite/hooks.mjs', 'suite/lib/note.mjs', 'suite/stubs.ts', 'suite/checks.mjs', 'script.yaml']
  expect([...(block.meta.toolgaugeFiles ?? [])].sort()).toEqual(files.map((file) => join(dir, file)).sort())
})
