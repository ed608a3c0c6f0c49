import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { discoverSuiteFiles } from '../suite/discover.ts'
import { loadToolsFile } from '../suite/load-tools.ts'

/** One tool set to lint and where it came from. */
export type LintTarget = { readonly file: string; readonly tools: readonly ToolDefinition[] }

/** Tools files looked for in a folder without suites: `tools.json|yaml|yml` and `*.tools.json|yaml|yml`. */
const toolsFilePattern = /(^|\.)tools\.(ya?ml|json)$/

/**
 * The tool sets a `lint-tools` path names: a tools file or a suite file is one set; a folder is every suite
 * under it (one set per suite), or, when it holds no suite, every tools file under it.
 */
export function lintTargets(path: string): LintTarget[] {
  const absolute = resolve(path)
  let isFolder: boolean
  try {
    isFolder = statSync(absolute).isDirectory()
  } catch {
    throw new InputError(`no such file or folder: ${path}`, { field: 'path' })
  }
  if (!isFolder) return [{ file: absolute, tools: loadToolsFile(absolute) }]
  const files = hasSuite(absolute) ? discoverSuiteFiles([absolute]) : findToolsFiles(absolute)
  if (files.length === 0) throw new InputError(`no suite or tools files (suite.yaml, tools.json, *.tools.json …) under ${path}`, { field: 'path' })
  return files.map((file) => ({ file, tools: loadToolsFile(file) }))
}

function hasSuite(folder: string): boolean {
  try {
    return discoverSuiteFiles([folder]).length > 0
  } catch (error) {
    if (InputError.isInstance(error)) return false
    throw error
  }
}

function findToolsFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return findToolsFiles(path)
      return toolsFilePattern.test(entry.name) ? [path] : []
    })
}
