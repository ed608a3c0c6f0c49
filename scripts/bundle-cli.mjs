// Part of `npm run build` (after tsc): bundles the CLI. tsc's output is ~150 small modules for a `run`; Node resolves,
// reads and links each one, and imports CommonJS packages from ESM only after scanning them for their export names.
// Measured on the bundled suites with `baseline` (warm user cache, 8 interleaved runs, load ~3): 0.17 s of CPU less
// per run than the unbundled dist/cli. esbuild (the bundler under tsup/tsdown) bundles tsc's dist/cli/bin.js into
// dist/cli/toolgauge.js, the package's executable (package.json "bin"), with code splitting: what the CLI imports lazily (commands, providers, reporters, BFCL…) stays in chunks of its
// own under dist/cli/bundle/, loaded only when needed. The library entries (dist/index.js, dist/vitest/) stay
// unbundled. Dependencies stay external (they load lazily, or are large), except small CommonJS ones every run
// imports: bundled, they skip the export-name scan; and ajv with ajv-formats, which every run requires (ajv.ts):
// bundled, esbuild keeps each CommonJS module's code in a function run on the first require, and the run reads one
// chunk instead of ajv's ~70 files (~12 ms of CPU instead of ~40, load ~12).
import { build } from 'esbuild'
import { readFileSync, rmSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
const inlined = new Set(['cli-table3', 'picomatch', 'safe-stable-stringify', 'fastest-levenshtein', 'p-limit', 'ajv', 'ajv-formats'])
const external = Object.keys(manifest.dependencies).filter((name) => !inlined.has(name)).flatMap((name) => [name, `${name}/*`])

rmSync(new URL('dist/cli/bundle', root), { recursive: true, force: true })
await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: { toolgauge: 'dist/cli/bin.js' },
  outdir: 'dist/cli',
  chunkNames: 'bundle/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  // Bundled CommonJS code (cli-table3's optional colors) requires Node built-ins through esbuild's shim, which uses
  // a \`require\` in scope when there is one; esbuild renames the modules' own \`require\` bindings out of its way.
  banner: { js: "import { createRequire as __toolgaugeCreateRequire } from 'node:module';\nconst require = __toolgaugeCreateRequire(import.meta.url);" },
  logLevel: 'warning',
})
