import { readFileSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { dirname, resolve } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The local files a user module (hooks, a live stub, a world, a custom check) runs: itself and every file it imports,
 * however deep — what its results depend on, so what `--resume` must see change. esbuild finds them, as the bundle
 * it would build lists its inputs (the metafile): it resolves imports as Node and jiti do (`./x.js` naming `x.ts`,
 * `require()`, `import()` of a literal or a template's folder, JSON), where a hand-written reader of import lines
 * would not. Packages (node_modules) are left out: the lockfile versions them. Nothing is written; esbuild already
 * transforms `.ts` modules (io/typescript-transform.ts), so a `.ts` suite starts no process of its own for this.
 * Returns undefined when esbuild cannot follow the module (a syntax error, an import it cannot resolve): such a module
 * fails to load the same way, its cases end as harness_error, and errored results always run again.
 */
export async function moduleFiles(entry: string): Promise<string[] | undefined> {
  if (importsNothingLocal(entry)) return [entry]
  const { build } = require('esbuild') as typeof import('esbuild')
  const folder = dirname(entry)
  try {
    const { metafile } = await build({
      entryPoints: [entry], absWorkingDir: folder, bundle: true, write: false, metafile: true,
      packages: 'external', platform: 'node', format: 'esm', logLevel: 'silent',
    })
    // Input paths are relative to absWorkingDir; a namespace prefix (`file:`) is not a file on disk.
    return Object.keys(metafile.inputs).filter((input) => !/^[a-z-]{2,}:/.test(input)).map((input) => resolve(folder, input)).sort()
  } catch {
    return undefined
  }
}

// Every place a module names another to load: `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`,
// `require('x')` (a template literal's start too) — a superset of what esbuild follows, comments and strings included.
const specifiers = /\b(?:from|import|require)\s*\(?\s*(['"`])([^'"`\n]*)/g

/**
 * Whether a module's text names nothing to load but Node's built-ins and toolgauge itself, so esbuild would list the
 * module alone: the bundled suites' modules (and most stubs and hooks) skip starting esbuild's process, which cost
 * `run` of the bundled suites ≈35 ms of its 500 ms budget (bench/startup.bench.ts). Any other name — a relative path,
 * a package, a tsconfig `paths` alias — is left to esbuild to resolve. Unreadable: false, and esbuild says so.
 */
function importsNothingLocal(entry: string): boolean {
  let text: string
  try {
    text = readFileSync(entry, 'utf8')
  } catch {
    return false
  }
  for (const [, , name] of text.matchAll(specifiers)) {
    if (!isBuiltin(name!) && name !== 'toolgauge' && !name!.startsWith('toolgauge/')) return false
  }
  return true
}
