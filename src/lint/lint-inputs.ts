import { readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { discoverSuiteFiles } from '../suite/discover.ts'
import { loadToolsFile } from '../suite/load-tools.ts'
import { readDocument } from '../io/read-document.ts'
import { noSuchPath } from '../io/similar-file.ts'
import { readVariantFile } from '../variants/load-variant.ts'
import { variantsFromMap } from '../variants/variant-spec.ts'

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
    throw noSuchPath(path, 'path')
  }
  if (!isFolder) return withVariants(absolute)
  const files = hasSuite(absolute) ? discoverSuiteFiles([absolute]) : findToolsFiles(absolute)
  if (files.length === 0) throw new InputError(`no suite or tools files (suite.yaml, tools.json, *.tools.json …) under ${path}`, { field: 'path' })
  return files.flatMap(withVariants)
}

/** A tools or suite file's set, and for a suite each of its `variants:` as its own set (`suite.yaml#vague`). */
function withVariants(file: string): LintTarget[] {
  const tools = loadToolsFile(file)
  const document = readDocument(file)
  const declared = (document.value as { variants?: unknown } | null)?.variants
  if (typeof declared !== 'object' || declared === null || Array.isArray(document.value)) return [{ file, tools }]
  const known = new Set(tools.map((tool) => tool.name))
  const variants = variantsFromMap(declared, dirname(file), (name) => ({ file, line: document.lineOf(['variants', name]), field: `variants.${name}` }))
  return [{ file, tools }, ...variants.map((spec) => {
    const variant = readVariantFile(spec)
    return { file: `${file}#${spec.name}`, tools: variant.kind === 'tools' ? variant.tools : variant.apply(tools, known) }
  })]
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
