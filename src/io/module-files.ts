import { readFileSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import stableStringify from 'safe-stable-stringify'
import { hashText } from '../core/hash-text.ts'
import { noteRead } from './files-read.ts'
import { isFile } from './is-file.ts'

const require = createRequire(import.meta.url)

/** What a user module runs, as of now: one digest for the fingerprint, one per local file for a loaded copy of it. */
export type ModuleDigest = {
  /**
   * What `--resume` compares (runner/fingerprint.ts) and what io/load-module.ts keys its loaded copy by: the module
   * file's sha256 when it imports no local file (as before imports were followed: such suites' journals stay
   * resumable), else a digest of it with each imported file's path from its folder and sha256; 'missing' for no file.
   */
  readonly digest: string
  /**
   * Each local file the module runs (itself included) → a digest of the files reachable from it: what a copy of that
   * file evaluated earlier depends on, so whether that copy is still the code on disk. Worked out when asked: only a
   * module loaded anew needs it. Undefined when esbuild could not follow the module: which files it runs is unknown.
   */
  files(): ReadonlyMap<string, string> | undefined
}

/** A module's local import graph (file → the local files it imports) and the sha256 of each file it was found from. */
type Graph = { readonly imports: ReadonlyMap<string, readonly string[]>; readonly contents: ReadonlyMap<string, string> }

/**
 * The graph last found per module file, reused while every file in it has the same content — until a run starts
 * (`forgetImportGraphs`): a suite's load imports a module once per stub or case naming it, and starts esbuild once.
 * Contents alone cannot say that an import resolves elsewhere now (a new file shadowing the one it named, a tsconfig
 * `paths` edit), so a graph lasts one load, not the process. Undefined when esbuild could not follow it (found again
 * next time). Only paths and digests: no code is kept.
 */
const graphs = new Map<string, Promise<Graph | undefined>>()

/** A run starts (runner/fingerprint.ts): the next load of each module finds its imports again (`graphs`). */
export function forgetImportGraphs(): void {
  graphs.clear()
}

/**
 * The digest of a user module (hooks, a live stub, a world, a custom check, a stdio MCP server's script) and of the
 * local files it imports, read now: a changed imported file changes what the module does as much as its own text.
 * The module's text is read once, for its digest and to see whether it imports anything local.
 */
export async function moduleDigest(file: string): Promise<ModuleDigest> {
  const entry = resolve(file)
  const text = readIfFile(entry)
  if (text === undefined) return { digest: 'missing', files: () => new Map() }
  const own = hashText(text)
  const known = graphs.get(entry)
  let followed = known && current(await known, entry, own)
  if (!followed) {
    const found = importGraph(entry, text.toString('utf8')).then((imports) => imports && { imports, contents: contentsOf(imports, entry, own) })
    graphs.set(entry, found)
    followed = await found
  }
  // One esbuild cannot follow is the module alone, as it was before imports were followed.
  const graph = followed ?? { imports: new Map([[entry, []]]), contents: new Map([[entry, own]]) }
  const imported = [...graph.contents.keys()].filter((path) => path !== entry).sort()
  const folder = dirname(entry)
  return {
    digest: imported.length === 0 ? own : digest(stableStringify({ module: own, imports: imported.map((path) => [relative(folder, path), graph.contents.get(path)]) }) ?? ''),
    files: () => (followed ? new Map([...graph.imports.keys()].map((path) => [path, reachableDigest(path, graph)])) : undefined),
  }
}

/** `known` when every file in it still has the content it was found from, else undefined. */
function current(known: Graph | undefined, entry: string, own: string): Graph | undefined {
  if (!known) return undefined
  for (const [path, content] of known.contents) if ((path === entry ? own : fileDigest(path)) !== content) return undefined
  return known
}

function contentsOf(imports: ReadonlyMap<string, readonly string[]>, entry: string, own: string): Map<string, string> {
  return new Map([...imports.keys()].map((path) => [path, path === entry ? own : fileDigest(path)]))
}

/**
 * The local files a user module runs — itself and every file it imports, however deep — each with the local files it
 * imports: what its results depend on, so what `--resume` must see change. esbuild finds them, as the bundle it would
 * build lists its inputs (the metafile): it resolves imports as Node and jiti do (`./x.js` naming `x.ts`, `require()`,
 * `import()` of a literal or a template's folder, JSON), where a hand-written reader of import lines would not.
 * Packages (node_modules) are left out: the lockfile versions them. Nothing is written; esbuild already transforms
 * `.ts` modules (io/typescript-transform.ts), so a `.ts` suite starts no process of its own for this. Undefined when
 * esbuild cannot follow the module (a syntax error, an import it cannot resolve): such a module fails to load the
 * same way, its cases end as harness_error, and errored results always run again.
 */
async function importGraph(entry: string, text: string | undefined): Promise<Map<string, string[]> | undefined> {
  if (text !== undefined && importsNothingLocal(text)) return new Map([[entry, []]])
  const folder = dirname(entry)
  try {
    const { metafile } = await bundleModule(entry)
    // Input paths are relative to absWorkingDir; a namespace prefix (`file:`) is not a file on disk.
    const local = (path: string) => !/^[a-z-]{2,}:/.test(path)
    return new Map(Object.entries(metafile.inputs).filter(([input]) => local(input)).map(([input, { imports }]) =>
      [resolve(folder, input), imports.filter((imported) => !imported.external && local(imported.path)).map((imported) => resolve(folder, imported.path))]))
  } catch {
    return undefined
  }
}

/**
 * esbuild's bundle of a module and the local files it imports (packages left out, nothing written): its metafile
 * lists them, or its failure says where it could not follow one — a syntax error's file, line and column, which
 * io/load-module.ts gives the error Node 20 throws without them.
 */
export function bundleModule(entry: string): Promise<import('esbuild').BuildResult<{ metafile: true; write: false }>> {
  const { build } = require('esbuild') as typeof import('esbuild')
  return build({
    entryPoints: [entry], absWorkingDir: dirname(entry), bundle: true, write: false, metafile: true,
    packages: 'external', platform: 'node', format: 'esm', logLevel: 'silent',
  })
}

/** A digest of the files reachable from `start` (itself included) and their contents. */
function reachableDigest(start: string, graph: Graph): string {
  const seen = new Set([start])
  for (const path of seen) for (const imported of graph.imports.get(path) ?? []) seen.add(imported)
  return digest(stableStringify([...seen].sort().map((path) => [path, graph.contents.get(path) ?? 'missing'])) ?? '')
}

// Every place a module names another to load: `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`,
// `require('x')` (a template literal's start too) — a superset of what esbuild follows, comments and strings included.
const specifiers = /\b(?:from|import|require)\s*\(?\s*(['"`])([^'"`\n]*)/g

/**
 * Whether a module's text names nothing to load but Node's built-ins and toolgauge itself, so esbuild would list the
 * module alone: the bundled suites' modules (and most stubs and hooks) skip starting esbuild's process, which cost
 * `run` of the bundled suites ≈35 ms of its 500 ms budget (bench/startup.bench.ts). Any other name — a relative path,
 * a package, a tsconfig `paths` alias — is left to esbuild to resolve.
 */
function importsNothingLocal(text: string): boolean {
  for (const [, , name] of text.matchAll(specifiers)) {
    if (!isBuiltin(name!) && name !== 'toolgauge' && !name!.startsWith('toolgauge/')) return false
  }
  return true
}

/** A file's bytes; undefined when it is not a regular file or cannot be read (its digest is then 'missing'). */
function readIfFile(path: string): Buffer | undefined {
  noteRead(path)
  try {
    return isFile(path) ? readFileSync(path) : undefined
  } catch {
    return undefined
  }
}

/** A file's sha256 (hex), or 'missing' when it is not a regular file or cannot be read. */
export function fileDigest(path: string): string {
  const bytes = readIfFile(path)
  return bytes === undefined ? 'missing' : hashText(bytes)
}

/** The short digest (32 hex digits of sha256) that module digests and fingerprints are made of. */
export function digest(text: string): string {
  return hashText(text).slice(0, 32)
}
