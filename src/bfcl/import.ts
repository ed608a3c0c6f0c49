import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InputError } from '../core/errors.ts'
import { optionNames, type OptionSurface } from '../core/option-names.ts'
import { listCategories, loadCategory, type BfclEntry } from './data.ts'
import { conversationCases } from './multi-turn/conversation-case.ts'
import { isMultiTurnCategory } from './multi-turn/data.ts'
import { givenLongContext } from './multi-turn/long-context.ts'
import { languageOf } from './language.ts'
import { scoredCategories } from './score.ts'
import { entryToCase } from './suite-case.ts'
import { bfclFunctionToTool, type BfclFunctionDoc } from './to-json-schema.ts'
import { shardByTools, type Shard } from './tool-shards.ts'

/** What `bfcl import` needs. */
export type ImportOptions = {
  readonly dataDir: string
  readonly outDir: string
  /** Categories to import (default: every single-turn AST/relevance category present in dataDir). */
  readonly categories?: readonly string[]
  /** Send names with `.` → `_` as BFCL does for FC APIs (default true). */
  readonly mangleNames?: boolean
  /** BFCL's `bfcl_eval` folder: multi_turn_long_context needs its long-context constants (recorded in the cases). */
  readonly bfclSource?: string
  /** Whose names a message gives options in (core/option-names.ts): the library's unless the CLI says `'cli'`. */
  readonly optionNames?: OptionSurface
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
  const names = optionNames(options)
  const available = listCategories(options.dataDir, names.dataDir)
  const wanted = options.categories && options.categories.length > 0 ? options.categories : available.filter((name) => scoredCategories.includes(name))
  for (const name of wanted) {
    if (!available.includes(name)) throw new InputError(`no BFCL_v4_${name}.json in the data directory (have: ${available.join(', ')})`, { field: names.category })
    // Read now, so a wrong folder fails the import rather than every case of a later run.
    if (name === 'multi_turn_long_context') givenLongContext(options.bfclSource, name, names)
    if (!scoredCategories.includes(name) && !isMultiTurnCategory(name)) throw new InputError(`category "${name}" is not a single-turn AST or relevance category, nor a multi-turn one (multi_turn_base, multi_turn_miss_func, multi_turn_miss_param, multi_turn_long_context)`, { field: names.category })
  }
  const mangleNames = options.mangleNames ?? true
  const written: ImportedSuite[] = []
  for (const category of wanted) {
    if (isMultiTurnCategory(category)) {
      const source = category === 'multi_turn_long_context' && options.bfclSource !== undefined ? resolve(options.bfclSource) : undefined
      for (const suite of importConversations(options.dataDir, category, options.outDir, source, names.dataDir)) written.push(suite)
      continue
    }
    const entries = [...loadCategory(options.dataDir, category, names.dataDir).entries.values()]
    const language = languageOf(category)
    const toolsOf = (entry: BfclEntry) => entry.docs.map((doc) => bfclFunctionToTool(doc as BfclFunctionDoc, { mangleNames, language }))
    const description = `BFCL v4 ${category}, imported by toolgauge bfcl import; verdicts follow BFCL's checker (matching: bfcl).`
    const cases = (entry: BfclEntry) => entryToCase(entry, toolsOf(entry).map((tool) => tool.name), { mangleNames })
    for (const suite of writeShards(options.outDir, category, description, { matching: 'bfcl' }, shardByTools(entries, toolsOf), cases)) written.push(suite)
  }
  return written
}

// The BFCL world shipped with toolgauge: the built module beside this one (dist/), or the source when run from src/.
function worldModule(): string {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) return join(dirname(here), 'multi-turn', 'world.ts')
  // The CLI is a bundle (dist/cli/…): the world is the package's unbundled dist/bfcl/multi-turn/world.js.
  let folder = dirname(here)
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder)
  return join(folder, 'dist', 'bfcl', 'multi-turn', 'world.js')
}

/**
 * A multi-turn category as conversation suites: `<out>/<category>/suite.json` (+ parts when docs disagree), whose
 * world is toolgauge's BFCL environments (multi-turn/world.ts) and whose messages are judged by BFCL's checker.
 */
function importConversations(dataDir: string, category: string, outDir: string, bfclSource: string | undefined, option: string): ImportedSuite[] {
  const shards = shardByTools(conversationCases(dataDir, category, bfclSource, option), (item) => item.tools)
  const module = relative(join(outDir, category), worldModule()).split(sep).join('/')
  const description = `BFCL v4 ${category}, imported by toolgauge bfcl import: each BFCL turn a user message, run against BFCL's environments; each reply judged by BFCL's multi-turn checker (matching: bfcl).`
  const world = { module: module.startsWith('.') ? module : `./${module}`, export: 'createWorld' }
  return writeShards(outDir, category, description, { world }, shards, (item) => item.testCase)
}

/**
 * Writes a category's shards to `<out>/<category>/`: `suite.json`, then `part-N.suite.json` (so the runner's folder
 * discovery, suite.json and *.suite.json, finds every part), each with its `tools[-N].json` and `cases[-N].jsonl`.
 */
function writeShards<T>(outDir: string, category: string, description: string, fields: object, shards: readonly Shard<T>[], caseOf: (item: T) => unknown): ImportedSuite[] {
  const dir = join(outDir, category)
  mkdirSync(dir, { recursive: true })
  return shards.map((shard, index) => {
    const suffix = index === 0 ? '' : `-${index + 1}`
    const suite = { name: `bfcl-${category}${suffix}`, description, tools: `./tools${suffix}.json`, ...fields, cases: `./cases${suffix}.jsonl` }
    const file = join(dir, index === 0 ? 'suite.json' : `part-${index + 1}.suite.json`)
    writeFileSync(join(dir, `tools${suffix}.json`), `${JSON.stringify([...shard.tools.values()], null, 2)}\n`)
    writeFileSync(join(dir, `cases${suffix}.jsonl`), shard.items.map((item) => `${JSON.stringify(caseOf(item))}\n`).join(''))
    writeFileSync(file, `${JSON.stringify(suite, null, 2)}\n`)
    return { category, file, cases: shard.items.length, tools: shard.tools.size }
  })
}
