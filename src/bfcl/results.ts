import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { DecodeMode } from './decode.ts'
import { parseLines } from './jsonl.ts'
import { pyJsonLoads } from './py/json.ts'
import { plainJsonToPy } from './py/plain-json.ts'
import { dictGet, isDict, isList, type PyValue } from './py/value.ts'

/** One BFCL result file: `BFCL_v4_<category>_result.json` under a model's folder. */
export type ResultFile = {
  readonly file: string
  readonly category: string
  /**
   * The model: the file's folder relative to the results root (the root's own name when files sit at the top),
   * without BFCL's group folder (`<model>/non_live/…`, `live`, `multi_turn`, `agentic`), so one model's groups
   * are one model.
   */
  readonly model: string
}

/** One line of a result file. */
export type ResultLine = { readonly id: string; readonly result: PyValue; readonly line: number }

const resultName = /^BFCL_v4_(.+)_result\.json$/

// BFCL v4 writes result/<model>/<group>/BFCL_v4_<category>_result.json.
const groupFolders = new Set(['non_live', 'live', 'multi_turn', 'agentic'])

// The model a folder of result files belongs to: its path below the root, minus a trailing BFCL group folder;
// when the folder is the root itself (or only a group folder), the nearest folder name that is not a group.
function modelOf(root: string, dir: string): string {
  const parts = relative(root, dir).split(sep).filter(Boolean)
  if (parts.length > 0 && groupFolders.has(parts[parts.length - 1]!)) parts.pop()
  if (parts.length > 0) return parts.join('/')
  let folder = resolve(dir)
  while (groupFolders.has(basename(folder)) && dirname(folder) !== folder) folder = dirname(folder)
  return basename(folder)
}

/** Every result file under `root` (given as `option`, which an error names), searched recursively, sorted by model then category. */
export function findResultFiles(root: string, option?: string): ResultFile[] {
  if (!existsSync(root)) throw new InputError('results directory not found', { file: root, field: option })
  const found: ResultFile[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else {
        const category = resultName.exec(name)?.[1]
        if (category) found.push({ file: path, category, model: modelOf(root, dir) })
      }
    }
  }
  if (statSync(root).isFile()) {
    const category = resultName.exec(basename(root))?.[1]
    if (!category) throw new InputError('expected a folder, or a file named BFCL_v4_<category>_result.json', { file: root, field: option })
    return [{ file: root, category, model: modelOf(dirname(root), dirname(root)) }]
  }
  walk(root)
  if (found.length === 0) throw new InputError('no BFCL_v4_<category>_result.json files found', { file: root, field: option })
  return found.sort((a, b) => a.model.localeCompare(b.model) || a.category.localeCompare(b.category))
}

// The only fields a verdict reads; the rest (inference logs, token counts) is checked as JSON but not built.
const resultFields: ReadonlySet<string> = new Set(['id', 'result'])

/** Reads a result file's lines (`{"id", "result", …}`), naming file, line and field on bad input. */
export function readResultFile(file: string): ResultLine[] {
  return parseLines(file, (text, line) => fastLine(text, line) ?? exactLine(file, text, line)).map(({ value }) => value)
}

// JSON.parse where it gives json.loads' values (see plain-json.ts); undefined sends the line to exactLine, which
// also gives every error (JSON.parse and json.loads accept the same texts, but for NaN and Infinity).
function fastLine(text: string, line: number): ResultLine | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
  const { id, result } = parsed as { readonly id?: unknown; readonly result?: unknown }
  if (typeof id !== 'string' || result === undefined) return undefined
  const value = plainJsonToPy(result)
  return value === undefined ? undefined : { id, result: value, line }
}

function exactLine(file: string, text: string, line: number): ResultLine {
  const value = pyJsonLoads(text, resultFields)
  if (!isDict(value)) throw new InputError('expected a JSON object per line', { file, line })
  const id = dictGet(value, 'id')
  if (typeof id !== 'string') throw new InputError('expected a string id', { file, line, field: 'id' })
  const result = dictGet(value, 'result')
  if (result === undefined) throw new InputError('missing result', { file, line, field: 'result' })
  return { id, result, line }
}

/** FC when any result is a list (FC handlers store a list of calls); prompt-mode models store text. */
export function detectMode(results: readonly ResultLine[]): DecodeMode {
  return results.some((entry) => isList(entry.result)) ? 'fc' : 'prompt'
}
