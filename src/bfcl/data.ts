import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { FunctionDoc } from './checker/function-doc.ts'
import { readJsonLines, readPyJsonLines } from './jsonl.ts'
import { dictGet, isDict, type PyValue } from './py/value.ts'

/** One BFCL question with its function docs and (for AST categories) its possible answer. */
export type BfclEntry = {
  readonly id: string
  readonly category: string
  /** `question`: turns of messages, as given. */
  readonly question: readonly (readonly { readonly role: string; readonly content: string }[])[]
  readonly docs: readonly FunctionDoc[]
  /** `ground_truth`, parsed with number lexemes kept (undefined for relevance categories). */
  readonly answer?: PyValue
}

/** A category's entries by id, in file order. */
export type BfclCategory = { readonly name: string; readonly entries: ReadonlyMap<string, BfclEntry> }

const questionFile = /^BFCL_v4_(.+)\.json$/

/** The categories whose question file is in `dataDir` (given as `option`, which an error names). */
export function listCategories(dataDir: string, option?: string): string[] {
  if (!existsSync(dataDir)) throw new InputError('BFCL data directory not found', { file: dataDir, field: option })
  return readdirSync(dataDir).flatMap((name) => questionFile.exec(name)?.[1] ?? []).sort()
}

/** Loads `BFCL_v4_<category>.json` and, when present, `possible_answer/BFCL_v4_<category>.json`, paired by id. */
export function loadCategory(dataDir: string, category: string, option?: string): BfclCategory {
  const file = join(dataDir, `BFCL_v4_${category}.json`)
  if (!existsSync(file)) throw new InputError(`no question file for category "${category}"`, { file, field: option })
  const entries = new Map<string, BfclEntry>()
  for (const { line, value } of readJsonLines(file)) {
    const record = value as { id?: unknown; question?: unknown; function?: unknown }
    if (typeof record?.id !== 'string') throw new InputError('expected a string id', { file, line, field: 'id' })
    if (!Array.isArray(record.function)) throw new InputError('expected a list of function docs', { file, line, field: 'function' })
    if (!Array.isArray(record.question)) throw new InputError('expected a list of turns', { file, line, field: 'question' })
    entries.set(record.id, { id: record.id, category, question: record.question, docs: record.function as FunctionDoc[] })
  }
  const answerFile = join(dataDir, 'possible_answer', `BFCL_v4_${category}.json`)
  if (existsSync(answerFile)) {
    for (const { line, value } of readPyJsonLines(answerFile)) {
      const id = isDict(value) ? dictGet(value, 'id') : undefined
      if (typeof id !== 'string') throw new InputError('expected a string id', { file: answerFile, line, field: 'id' })
      const answer = isDict(value) ? dictGet(value, 'ground_truth') : undefined
      if (!Array.isArray(answer)) throw new InputError('expected a ground_truth list', { file: answerFile, line, field: 'ground_truth' })
      const entry = entries.get(id)
      if (!entry) throw new InputError(`possible answer for unknown id "${id}"`, { file: answerFile, line, field: 'id' })
      entries.set(id, { ...entry, answer })
    }
  }
  return { name: category, entries }
}
