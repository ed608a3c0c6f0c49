// --resume keeps a result only while the code that decided it is the same. A suite's modules (hooks, live stubs,
// a world, custom checks) run the local files they import as much as their own text: a changed imported file re-runs
// the results it decided, as a changed module file does; an untouched one keeps them.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Fingerprints } from '../../src/runner/fingerprint.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const cities = ['Paris', 'Rome']
const suite = (extra: string[]) => ['name: imports', 'tools: ./tools.json', ...extra, 'cases:',
  ...cities.flatMap((city) => [`  - id: ${city.toLowerCase()}`, `    prompt: Weather in ${city}?`, '    expect:', `      calls: [{ name: get_weather, args: { city: ${city} } }]`]),
].join('\n')
const script = cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.']).join('\n')

/** Runs the suite, resumes it unchanged, changes `file` to `text`, resumes again: the two resumes' stdout. */
async function resumes(files: Record<string, string>, extra: string[], file: string, text: string) {
  const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite(extra), 'script.yaml': script, ...files })
  const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]
  const first = await runMain(args)
  expect(first.code, first.stderr).toBe(0)
  const same = (await runMain([...args, '--resume'])).stdout
  writeFileSync(join(dir, file), text)
  const changed = (await runMain([...args, '--resume'])).stdout
  return { same, changed }
}

describe('--resume and the files a suite module imports', () => {
  it('a hooks module\'s imported file (two imports deep) that changed re-runs its suite', async () => {
    const { same, changed } = await resumes({
      'suite/hooks.mjs': "import { note } from './lib/note.mjs'\nexport function afterToolCall() { note() }\n",
      'suite/lib/note.mjs': "import { text } from './text.mjs'\nexport function note() { return text }\n",
      'suite/lib/text.mjs': "export const text = 'one'\n",
    }, ['hooks: ./hooks.mjs'], 'suite/lib/text.mjs', "export const text = 'two'\n")
    expect(same).toContain('2 result(s) kept, 0 re-run')
    expect(changed).toContain('0 result(s) kept, 2 re-run')
  })

  it('a TypeScript live stub\'s imported file (imported as ./weather.js) that changed re-runs the cases it answers', async () => {
    const { same, changed } = await resumes({
      'suite/stubs.ts': "import { weather } from './weather.js'\nexport function getWeather(args: { city: string }) { return weather(args.city) }\n",
      'suite/weather.ts': 'export function weather(city: string) { return { city, sky: "sunny" } }\n',
    }, ['stubs:', '  get_weather: { module: ./stubs.ts, export: getWeather }'], 'suite/weather.ts', 'export function weather(city: string) { return { city, sky: "rain" } }\n')
    expect(same).toContain('2 result(s) kept, 0 re-run')
    expect(changed).toContain('0 result(s) kept, 2 re-run')
  })
})

describe('the fingerprint of a case whose world or custom check imports local files', () => {
  const files = {
    'suite/tools.json': tools,
    'suite/suite.yaml': ['name: imports', 'tools: ./tools.json', 'world: { module: ./world.ts, export: createWorld }', 'cases:',
      '  - { id: paris, prompt: Weather in Paris?, expect: { custom: { module: ./checks.mjs, export: saysSky } } }'].join('\n'),
    'suite/world.ts': "import { sky } from './weather/sky'\nexport function createWorld(state: { sky: string }) { return { get_weather: () => sky(state) } }\n",
    'suite/weather/sky.ts': 'export const sky = (state: { sky: string }) => ({ sky: state.sky })\n',
    'suite/checks.mjs': "import rule from './rule.json' with { type: 'json' }\nexport function saysSky(input) { return { pass: input.finalText.includes(rule.word) } }\n",
    'suite/rule.json': '{ "word": "Sunny" }',
  }
  const fingerprintIn = async (dir: string) => new Fingerprints().of((await loadSuite(join(dir, 'suite/suite.yaml'))).cases[0]!, 'm', {}, undefined)

  it('changes when an imported file changes, and only then', async () => {
    const dir = tempFiles(files)
    const before = await fingerprintIn(dir)
    expect(await fingerprintIn(dir)).toBe(before)
    writeFileSync(join(dir, 'suite/weather/sky.ts'), 'export const sky = (state: { sky: string }) => ({ sky: state.sky, wind: 3 })\n')
    const worldChanged = await fingerprintIn(dir)
    expect(worldChanged).not.toBe(before)
    writeFileSync(join(dir, 'suite/rule.json'), '{ "word": "Rain" }')
    expect(await fingerprintIn(dir)).not.toBe(worldChanged)
  })
})
