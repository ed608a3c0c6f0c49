import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What toolgauge's own package.json holds that the code reads. */
type Manifest = { readonly name: string; readonly version: string }

/**
 * The folder of toolgauge's own package.json, found from this module upward: a path to a file the package ships
 * (the suite schema, the suite validator generated at build time) then holds whether the code runs from `src/`
 * (tests, scripts), from `dist/` (the library) or from the CLI bundle's chunks in `dist/cli/bundle/`.
 */
function findPackage(): { root: string; manifest: Manifest } {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest
      if (manifest.name === 'toolgauge') return { root: dir, manifest }
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`toolgauge: no package.json of toolgauge above ${fileURLToPath(import.meta.url)}`)
    dir = parent
  }
}

const found = findPackage()

/** toolgauge's package.json. */
export const packageManifest: Manifest = found.manifest

/** The absolute path of a file of the package, given relative to its root (`suites/suite.schema.json`). */
export function packageFile(relative: string): string {
  return join(found.root, relative)
}

/** Whether this code runs from the TypeScript sources (tests, scripts) rather than from the build. */
export const runningSources: boolean = import.meta.url.endsWith('.ts')
