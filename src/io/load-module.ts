import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { describeThrown, thrownMessage } from '../core/thrown.ts'
import { esmInCommonJs } from './module-format.ts'
import { isTransformFailure, originalLine, transformAhead, transformTypeScript } from './typescript-transform.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { bundleModule, moduleDigest, type ModuleDigest } from './module-files.ts'
import { versionLocalImports, versionParameter } from './versioned-imports.ts'

/** Where a user module is referenced from (suite file, field), for error messages. */
export type ModuleReference = { file?: string; line?: number; field?: string }

type ModuleNamespace = Record<string, unknown>

/** Extensions Node cannot import by itself: they go through the TypeScript loader. */
const typeScriptExtensions = new Set(['.ts', '.mts', '.cts', '.tsx'])

/** A module as loaded: the digest of the code it is (module-files.ts) and what importing it gave. */
type Loaded = { readonly digest: string; readonly namespace: Promise<ModuleNamespace> }

/** The copy of each module, by file, this process loaded last: what the next load keeps while the code is the same. */
const modules = new Map<string, Loaded>()

/**
 * The copies a run loaded, by file (`moduleScope`): the one version of each module its later loads, calls and
 * fingerprint get, though another run of the process (the library API, two at once) loads an edited file meanwhile.
 */
const runCopies = new AsyncLocalStorage<Map<string, Loaded>>()

/** A run's scope (runEvaluation's, runCase's): work run in it gets the copies loaded in it. */
export function moduleScope(): <T>(work: () => T) => T {
  const own = new Map<string, Loaded>()
  return (work) => runCopies.run(own, work)
}

/**
 * Imports a user module (stubs, hooks, validators, a config) and keeps it while its code is the same: the digest of
 * its text and of the local files it imports (module-files.ts, the one `--resume`'s fingerprint records) is the
 * cache's key, read again at each import: those that load a suite, its hooks or a config — not a run's calls
 * (`loadedUserFunction`) nor its later loads (`moduleScope`). The same code is the same instance, so what the module
 * keeps between calls (a counter, a flag a timer sets) lasts the run; changed code — the module, or a file it imports
 * — is imported anew, in one process (describeSuite, the library API, runs one after another), so the next load runs
 * the code on disk.
 * `.js`/`.mjs`/`.cjs` are imported by Node itself; `.ts`/`.mts`/`.cts` through jiti, loaded only when such a file is
 * met, so they work the same in ESM and CommonJS projects. Every failure is an InputError: a missing file names the
 * referencing file and field; a syntax error names the module's file and line.
 */
export async function importUserModule(path: string, reference: ModuleReference): Promise<ModuleNamespace> {
  const file = resolve(path)
  const own = runCopies.getStore()
  const held = own?.get(file)
  if (held) return held.namespace
  if (!existsSync(path)) throw new InputError(`module not found: ${path}`, reference)
  const code = await moduleDigest(file)
  let loaded = modules.get(file)
  if (loaded?.digest !== code.digest) {
    const namespace = load(file, code).catch(async (error: unknown) => {
      if (modules.get(file)?.namespace === namespace) modules.delete(file)
      throw await describedLoadError(path, error, reference, code)
    })
    loaded = { digest: code.digest, namespace }
    modules.set(file, loaded)
  }
  own?.set(file, loaded)
  return loaded.namespace
}

/** Imports a user module and returns one exported function, or an InputError naming the export. */
export async function importUserFunction<T extends (...args: never[]) => unknown>(path: string, exportName: string, reference: ModuleReference): Promise<T> {
  return exportedFunction<T>(await importUserModule(path, reference), path, exportName, reference)
}

/**
 * The function from the copy of its module loaded with the suite (`importUserModule`), not read again: what a run
 * calls (a stub per tool call, a world and checks per case), at a cost its imports do not grow. One version per run,
 * the one its fingerprint names (`loadedDigest`): a file edited mid-run waits for the next load. Imported if none is.
 */
export async function loadedUserFunction<T extends (...args: never[]) => unknown>(path: string, exportName: string, reference: ModuleReference): Promise<T> {
  return exportedFunction<T>(await (loadedCopy(path)?.namespace ?? importUserModule(path, reference)), path, exportName, reference)
}

/** The digest of the code the run has loaded for `file` (what `loadedUserFunction` runs), if it has loaded it. */
export function loadedDigest(file: string): string | undefined {
  return loadedCopy(file)?.digest
}

/** The run's copy of a module (`moduleScope`); outside a run, the process's last. */
function loadedCopy(path: string): Loaded | undefined {
  return (runCopies.getStore() ?? modules).get(resolve(path))
}

function exportedFunction<T>(module: ModuleNamespace, path: string, exportName: string, reference: ModuleReference): T {
  const miss = exportMiss(module, exportName)
  if (miss !== undefined) throw new InputError(`${reference.file === path ? '' : `module ${path} `}${miss}`, reference)
  return module[exportName] as T
}

/**
 * Why a module's `name` is no function export — `has no exported function "validateArg" (did you mean
 * "validateArgs"?) (function exports: …)` — or undefined when it is one: the one wording for every export a user
 * names (hooks, stubs, a world, custom checks, fuzz's --validator and --parser).
 */
export function exportMiss(module: ModuleNamespace, name: string): string | undefined {
  if (typeof module[name] === 'function') return undefined
  const functions = Object.keys(module).filter((key) => typeof module[key] === 'function')
  const what = module[name] === undefined ? `has no exported function "${name}"` : `exports "${name}", which is not a function`
  return `${what}${didYouMean(name, functions)}${functions.length > 0 ? ` (function exports: ${functions.join(', ')})` : ''}`
}

/** Per file, the digest of the code its plain file URL holds in Node's ES module cache: the first it was imported with. */
const firstImported = new Map<string, string>()

/** Per local file in `require.cache` (jiti's and Node's CommonJS modules), the digest of the files it was evaluated from. */
const evaluated = new Map<string, string>()

async function load(file: string, code: ModuleDigest): Promise<ModuleNamespace> {
  // A CommonJS or jiti-evaluated file is cached by its name: one whose code (or an import's) changed is evaluated
  // again; one whose code did not stays the instance the other modules importing it share.
  const cache = createRequire(import.meta.url).cache
  const files = code.files()
  // One esbuild could not follow (a syntax error in a file it imports) may run any file evaluated before: each is
  // evaluated again, from disk, as in a new process — not run as the copy this process holds.
  for (const path of files ? [] : [file, ...evaluated.keys()]) {
    delete cache[path]
    evaluated.set(path, 'unfollowed')
  }
  for (const [path, digest] of files ?? []) {
    const before = evaluated.get(path)
    if (before !== undefined && before !== digest) delete cache[path]
    evaluated.set(path, digest)
  }
  if (typeScriptExtensions.has(extname(file))) {
    const jiti = typeScriptLoader()
    await transformAhead(file)
    return (await jiti.import(pathToFileURL(file).href)) as ModuleNamespace
  }
  // Node keeps an ES module by its URL for the life of the process: changed code is imported at a URL naming its digest.
  const first = getOrCreate(firstImported, file, () => code.digest)
  if (first === code.digest) return (await import(pathToFileURL(file).href)) as ModuleNamespace
  if (!files || files.size > 1) versionLocalImports()
  return (await import(`${pathToFileURL(file).href}?${versionParameter}=${code.digest}`)) as ModuleNamespace
}

// jiti rather than tsx's tsImport (measured, 12 runs each, median CPU of a process loading one small .ts stub:
// plain Node 0.20 s, tsx 0.80 s, jiti 0.79 s; RSS 44 / 74 / 78 MiB): the cost is the same, but jiti treats a `.ts`
// file the same in an ESM and a CommonJS project (tsx compiles `.ts` in a CommonJS package to CommonJS, where
// top-level await fails). jiti resolves and evaluates; esbuild transforms (typescript-transform.ts).
let loader: { import(id: string): Promise<unknown> } | undefined
function typeScriptLoader() {
  if (loader) return loader
  // jiti through require, not import(): jiti ships the same CommonJS build to both, and importing a CommonJS file
  // from ESM first scans all of it (190 kB) for its export names — ~60 ms of every run that meets a .ts module.
  const { createJiti } = createRequire(import.meta.url)('jiti') as typeof import('jiti')
  // No file cache: compiled code read back from a folder is code anyone who could write there chose (issue 22).
  loader = createJiti(import.meta.url, { fsCache: false, moduleCache: true, sourceMaps: true, transform: transformTypeScript })
  return loader
}

/** `loadError`, or the thrown value described when reading it throws (a module may throw anything, getters included). */
async function describedLoadError(path: string, error: unknown, reference: ModuleReference, code: ModuleDigest): Promise<InputError> {
  try {
    return await loadError(path, error, reference, code)
  } catch {
    return new InputError(`cannot load module ${path}: ${describeThrown(error)}`, reference)
  }
}

/**
 * Turns a load failure into an InputError: a syntax error, or a throw of top-level code, points at its line — in the
 * module or in a local file it imports (`code`'s files) — anything else says what.
 */
async function loadError(path: string, error: unknown, reference: ModuleReference, code: ModuleDigest): Promise<InputError> {
  const where = describeReference(reference, path)
  // An `export` in a CommonJS project's .js file: whatever Node says (a syntax error, a require() cycle), the fix is its name.
  const esm = esmInCommonJs(path)
  if (esm) {
    const scope = !esm.packageJson ? 'no package.json says "type": "module"'
      : esm.type === undefined ? `${esm.packageJson} has no "type": "module"` : `${esm.packageJson} says "type": ${JSON.stringify(esm.type)}`
    return new InputError(`ES module syntax (export/import) in a .js file of a CommonJS project (${scope}): name it .mjs or .ts${where}`, { file: path })
  }
  const syntax = await syntaxErrorAt(path, error)
  if (syntax) {
    const column = syntax.column !== undefined ? ` (column ${syntax.column})` : ''
    const { location, importedBy } = placeOf(path, syntax.file, syntax.line)
    return new InputError(`syntax error: ${syntax.reason}${column}${importedBy}${where}`, location)
  }
  const message = thrownMessage(error).split('\n')[0]
  // The stack's first frame in the module's files is where the throw is: the module's line, or an imported file's.
  const frame = error instanceof Error ? frameInStack([resolve(path), ...(code.files()?.keys() ?? [])], error.stack) : undefined
  if (!frame) return new InputError(`cannot load module ${path}: ${message}`, reference)
  const { location, importedBy } = placeOf(path, frame.file, frame.line)
  return new InputError(`the module's top-level code threw: ${message}${importedBy}${where}`, location)
}

/** Where a load error is: at `file`'s line when that is a local file the module imports (said so), else the module's. */
function placeOf(path: string, file: string | undefined, line: number): { location: ModuleReference; importedBy: string } {
  const imported = file !== undefined && file !== resolve(path) ? file : undefined
  return { location: { file: imported ?? path, line }, importedBy: imported ? ` (imported by ${path})` : '' }
}

/**
 * The file (when said), line, column and reason of a syntax error, from the shapes Node and jiti give: Node's stack
 * starts with `file:///…/x.mjs:3` (or a CommonJS file's path) followed by the source line; jiti's message is
 * `ParseError: <reason>\n <file>:<line>:<col>`; esbuild's failure names the file it transformed.
 */
async function syntaxErrorAt(path: string, error: unknown): Promise<{ file?: string; line: number; column?: number; reason: string } | undefined> {
  if (!(error instanceof Error)) return undefined
  if (isTransformFailure(error)) {
    const [first] = error.errors
    return first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1, reason: first.text } : undefined
  }
  const jiti = /^ParseError: (.*?)\s*\n\s*(.+):(\d+):(\d+)\s*$/s.exec(error.message)
  if (jiti) return { file: jiti[2], line: Number(jiti[3]), column: Number(jiti[4]) + 1, reason: jiti[1]?.trim() || 'unexpected token' }
  if (error.name !== 'SyntaxError') return undefined
  const line = frameInStack([resolve(path)], error.stack, true)?.line
  if (line !== undefined) return { line, reason: error.message }
  // A CommonJS file the module requires: Node's stack starts at that file's path.
  const imported = /^(\/.*):(\d+)$/.exec(error.stack?.split('\n')[0] ?? '')
  if (imported) return { file: imported[1]!, line: Number(imported[2]), reason: error.message }
  // Node 20 keeps the place of a syntax error in an ES module — or in a file it imports — out of the error `import()`
  // gets; esbuild, following the same imports, stops at it (its file relative to the module's folder). Only on this path.
  const at = await bundleModule(resolve(path)).then(() => undefined, (failure: unknown) =>
    isTransformFailure(failure) ? failure.errors.find((message) => message.location)?.location : undefined)
  return at ? { file: resolve(dirname(resolve(path)), at.file), line: at.line, column: at.column + 1, reason: error.message } : undefined
}

/**
 * The first frame of a stack trace in one of `files` (absolute paths): that file and its line, in the .ts text when
 * it was transformed. `firstLineOnly`: only the stack's first line (where Node puts a syntax error's place).
 */
function frameInStack(files: readonly string[], stack: string | undefined, firstLineOnly = false): { file: string; line: number } | undefined {
  if (!stack) return undefined
  const lines = stack.split('\n')
  for (const text of firstLineOnly ? lines.slice(0, 1) : lines) {
    for (const file of files) {
      for (const prefix of [pathToFileURL(file).href, file]) {
        // A module imported again has its code's digest in its URL's query (`load`): `<url>?…:<line>`.
        const at = text.indexOf(prefix)
        const match = at === -1 ? null : /^(?:\?[^:\s]*)?:(\d+)(?::(\d+))?/.exec(text.slice(at + prefix.length))
        if (match) return { file, line: originalLine(file, Number(match[1]), match[2] ? Number(match[2]) : undefined) ?? Number(match[1]) }
      }
    }
  }
  return undefined
}

function describeReference(reference: ModuleReference, path: string): string {
  const file = reference.file && reference.file !== path ? `${reference.file}${reference.line !== undefined ? `:${reference.line}` : ''}` : ''
  const parts = [reference.field, file].filter(Boolean)
  return parts.length > 0 ? ` (loaded for ${parts.join(' in ')})` : ''
}
