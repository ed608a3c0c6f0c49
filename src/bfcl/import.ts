import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import { listCategories, loadCategory, type BfclEntry } from './data.ts'
import { languageOf } from './language.ts'
import { scoredCategories } from './score.ts'
import { entryToCase } from './suite-case.ts'
import { bfclFunctionToTool, type BfclFunctionDoc } from './to-json-schema.ts'
import { shardByTools } from './tool-shards.ts'

/** What `bfcl import` needs. */
export type ImportOptions = {
  readonly dataDir: string
  readonly outDir: string
  /** Categories to import (default: every single-turn AST/relevance category present in dataDir). */
  readonly categories?: readonly string[]
  /** Send names with `.` → `_` as BFCL does for FC APIs (default true). */
  readonly mangleNames?: boolean
}

/** One written suite file. */
export type ImportedSuite = { readonly category: string; readonly file: string; readonly cases: number; readonly tools: number }

/**
 * Writes one suite per category, `<out>/<category>/suite.json` with its tools in `tools.json` and its cases in the
 * JSON Lines case file `cases.jsonl` (one case per line: a run reads them as they run, not all at once). When BFCL
 * reuses a tool name with different docs inside a category, the extra entries go to `part-2.suite.json`
 * (+ `tools-2.json`, `cases-2.jsonl`) …, since a suite defines each tool name once; running the folder runs every part.
 */
export function importCategories(options: ImportOptions): ImportedSuite[] {
  const available = listCategories(options.dataDir)
  const wanted = options.categories && options.categories.length > 0 ? options.categories : available.filter((name) => (scoredCategories as readonly string[]).includes(name))
  for (const name of wanted) {
    if (!available.includes(name)) throw new InputError(`no BFCL_v4_${name}.json in the data directory (have: ${available.join(', ')})`, { field: '--category' })
    if (!(scoredCategories as readonly string[]).includes(name)) throw new InputError(`category "${name}" is not a single-turn AST or relevance category`, { field: '--category' })
  }
  const mangleNames = options.mangleNames ?? true
  const written: ImportedSuite[] = []
  for (const category of wanted) {
    const entries = [...loadCategory(options.dataDir, category).entries.values()]
    const language = languageOf(category)
    const toolsOf = (entry: BfclEntry) => entry.docs.map((doc) => bfclFunctionToTool(doc as BfclFunctionDoc, { mangleNames, language }))
    const shards = shardByTools(entries, toolsOf)
    const dir = join(options.outDir, category)
    mkdirSync(dir, { recursive: true })
    shards.forEach((shard, index) => {
      const suffix = index === 0 ? '' : `-${index + 1}`
      const toolsFile = `tools${suffix}.json`
      const casesFile = `cases${suffix}.jsonl`
      // `part-N.suite.json` so the runner's folder discovery (suite.json, *.suite.json) finds every part.
      const suiteFile = index === 0 ? 'suite.json' : `part-${index + 1}.suite.json`
      const suite = {
        name: `bfcl-${category}${suffix}`,
        description: `BFCL v4 ${category}, imported by toolgauge bfcl import; verdicts follow BFCL's checker (matching: bfcl).`,
        tools: `./${toolsFile}`,
        matching: 'bfcl',
        cases: `./${casesFile}`,
      }
      const file = join(dir, suiteFile)
      writeFileSync(join(dir, toolsFile), `${JSON.stringify([...shard.tools.values()], null, 2)}\n`)
      const lines = shard.items.map((entry) => `${JSON.stringify(entryToCase(entry, toolsOf(entry).map((tool) => tool.name), { mangleNames }))}\n`)
      writeFileSync(join(dir, casesFile), lines.join(''))
      writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`)
      written.push({ category, file, cases: shard.items.length, tools: shard.tools.size })
    })
  }
  return written
}
