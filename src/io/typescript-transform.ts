import { readFile } from 'node:fs/promises'
import { createRequire, SourceMap } from 'node:module'
import { dirname, extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TransformOptions, TransformResult } from 'jiti'

const require = createRequire(import.meta.url)

/** esbuild's failure: its messages carry the file, line (1-based) and column (0-based) of each error. */
export type TransformFailure = Error & { errors: { text: string; location: { file: string; line: number; column: number } | null }[] }

/** Whether a thrown value is esbuild's transform failure. */
export function isTransformFailure(error: unknown): error is TransformFailure {
  return error instanceof Error && Array.isArray((error as Partial<TransformFailure>).errors)
}

// The generated code's source map per file, to give a load error its line in the .ts file (esbuild, unlike
// Babel, does not keep lines where they were).
const sourceMaps = new Map<string, string>()

/** Transforms done ahead by `transformAhead`, per file, with the text they were made from. */
const ahead = new Map<string, { source: string; code: string; map: string }>()

/**
 * Transforms a `.ts` module before jiti asks for it, with esbuild's asynchronous API: the synchronous one starts a
 * worker thread besides esbuild's process, ~30 ms of CPU per run. jiti then finds the result (for the same text);
 * anything that fails here — a syntax error, a top-level await — is left to the synchronous path, which reports it.
 */
export async function transformAhead(file: string): Promise<void> {
  const { transform } = require('esbuild') as typeof import('esbuild')
  try {
    const source = await readFile(file, 'utf8')
    const { code, map } = await transform(source, esbuildOptions(file, true))
    ahead.set(file, { source, code, map })
  } catch {
    // the synchronous transform meets the same problem and says what it is
  }
}

/**
 * jiti's `transform`: a user's `.ts` module to the CommonJS jiti evaluates, by esbuild (a few ms, where Babel —
 * jiti's own — costs ~0.15 s of CPU to load on every run). Nothing transformed is stored anywhere: a module is
 * transformed again each run, from its own text. esbuild cannot write CommonJS with a top-level `await`; such a
 * module goes through jiti's Babel transform, which can. `import.meta` is given its ESM values, as Node gives them.
 */
export function transformTypeScript(options: TransformOptions): TransformResult {
  const file = options.filename ?? 'module.ts'
  const done = ahead.get(file)
  ahead.delete(file)
  if (done && done.source === options.source) {
    sourceMaps.set(file, done.map)
    return { code: done.code }
  }
  const { transformSync } = require('esbuild') as typeof import('esbuild')
  try {
    const { code, map } = transformSync(options.source, esbuildOptions(file, options.ts !== false))
    sourceMaps.set(file, map)
    return { code }
  } catch (error) {
    if (isTransformFailure(error) && error.errors.some((failure) => /top-level await/i.test(failure.text))) return babelTransform(options)
    throw error
  }
}

/** CommonJS for jiti to evaluate, with `import.meta` given its ESM values, and a source map (inline, and returned). */
function esbuildOptions(file: string, typeScript: boolean) {
  const meta = { url: pathToFileURL(file).href, filename: file, dirname: dirname(file) }
  return {
    loader: extname(file).endsWith('x') ? 'tsx' : typeScript ? 'ts' : 'js',
    format: 'cjs',
    target: `node${process.versions.node}`,
    sourcefile: file,
    sourcemap: 'both',
    sourcesContent: true,
    define: {
      'import.meta.url': JSON.stringify(meta.url),
      'import.meta.filename': JSON.stringify(meta.filename),
      'import.meta.dirname': JSON.stringify(meta.dirname),
      'import.meta': JSON.stringify(meta),
    },
    logLevel: 'silent',
  } as const satisfies import('esbuild').TransformOptions
}

/** The line in the .ts file of a 1-based line (and column) of its transformed code, when esbuild transformed it. */
export function originalLine(file: string, line: number, column = 1): number | undefined {
  const map = sourceMaps.get(file)
  if (!map) return undefined
  const entry = new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]).findEntry(line - 1, Math.max(0, column - 1))
  return 'originalLine' in entry ? entry.originalLine + 1 : undefined
}

/** jiti's own transform (Babel), loaded only for a module esbuild cannot write as CommonJS. */
function babelTransform(options: TransformOptions): TransformResult {
  // Not among jiti's exports, so by its path inside the package (jiti's lib/jiti.cjs loads it the same way).
  const transform = require(join(dirname(require.resolve('jiti')), '../dist/babel.cjs')) as (options: TransformOptions) => TransformResult
  return transform(options)
}
