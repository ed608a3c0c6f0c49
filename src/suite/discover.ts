import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import { noSuchPath } from '../io/similar-file.ts'

/** Files that count as suites inside a folder: `suite.yaml|yml|json` and `*.suite.yaml|yml|json`. */
const suiteFilePattern = /(^|\.)suite\.(ya?ml|json)$/

/**
 * Expands the paths given on the command line into suite files: a file is taken as is, a folder is searched
 * recursively (sorted, so runs are deterministic). A missing path or a folder without suites is an InputError.
 */
export function discoverSuiteFiles(paths: readonly string[]): string[] {
  const files: string[] = []
  for (const path of paths) {
    const absolute = resolve(path)
    let stats
    try {
      stats = statSync(absolute)
    } catch {
      throw noSuchPath(path, 'suite path')
    }
    if (stats.isFile()) files.push(absolute)
    else {
      const found = walk(absolute)
      if (found.length === 0) throw new InputError(`no suite files (suite.yaml, *.suite.yaml, suite.json …) under ${path}`, { field: 'suite path' })
      for (const file of found) files.push(file)
    }
  }
  return [...new Set(files)]
}

function walk(folder: string): string[] {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return walk(path)
    return suiteFilePattern.test(entry.name) ? [path] : []
  })
}
