import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../../core/errors.ts'
import { readPyJsonLines } from '../jsonl.ts'
import { isDict, type PyDict, type PyValue } from '../py/value.ts'

/** One multi-turn question with its ground truth. */
export type MultiTurnEntry = {
  readonly id: string
  /** `initial_config`, number lexemes kept. */
  readonly initialConfig: PyDict
  readonly involvedClasses: readonly string[]
  /** Ground-truth call strings per turn. */
  readonly groundTruth: readonly (readonly string[])[]
}

/** The multi-turn categories `bfcl score` checks. */
export const multiTurnCategories: readonly string[] = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context']

/** True for a multi-turn category name. */
export function isMultiTurnCategory(category: string): boolean {
  return multiTurnCategories.includes(category)
}

// A JSON object's keys are all str, so Python's key equality is === (no dictGet and its general equality).
function field(value: PyValue, name: string, file: string, line: number): PyValue {
  if (isDict(value)) for (const [key, got] of value.entries) if (key === name) return got
  throw new InputError(`missing ${name}`, { file, line, field: name })
}

function strings(value: PyValue, file: string, line: number, name: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new InputError('expected a list of strings', { file, line, field: name })
  return value as string[]
}

// The question fields scoring reads: the turns' messages are checked as JSON but not built.
const questionFields: ReadonlySet<string> = new Set(['id', 'initial_config', 'involved_classes'])

/** Loads a multi-turn category's questions and possible answers (paired by id), in file order. */
export function loadMultiTurnCategory(dataDir: string, category: string, option?: string): Map<string, MultiTurnEntry> {
  const file = join(dataDir, `BFCL_v4_${category}.json`)
  const answerFile = join(dataDir, 'possible_answer', `BFCL_v4_${category}.json`)
  for (const path of [file, answerFile]) {
    if (!existsSync(path)) throw new InputError(`no ${path === file ? 'question' : 'possible answer'} file for category "${category}"`, { file: path, field: option })
  }
  const answers = new Map<string, string[][]>()
  for (const { line, value } of readPyJsonLines(answerFile)) {
    const id = field(value, 'id', answerFile, line)
    const truth = field(value, 'ground_truth', answerFile, line)
    if (typeof id !== 'string' || !Array.isArray(truth)) throw new InputError('expected an id and a ground_truth list', { file: answerFile, line })
    answers.set(id, truth.map((turn) => strings(turn, answerFile, line, 'ground_truth')))
  }
  const entries = new Map<string, MultiTurnEntry>()
  for (const { line, value } of readPyJsonLines(file, questionFields)) {
    const id = field(value, 'id', file, line)
    if (typeof id !== 'string') throw new InputError('expected a string id', { file, line, field: 'id' })
    const config = field(value, 'initial_config', file, line)
    if (!isDict(config)) throw new InputError('expected an object', { file, line, field: 'initial_config' })
    const involvedClasses = strings(field(value, 'involved_classes', file, line), file, line, 'involved_classes')
    const groundTruth = answers.get(id)
    if (!groundTruth) throw new InputError(`no possible answer for id "${id}"`, { file: answerFile, field: 'id' })
    entries.set(id, { id, initialConfig: config, involvedClasses, groundTruth })
  }
  return entries
}

/** BFCL's `sort_by_id`: entries by the number after the last `_` of the id. */
export function idOrder(a: string, b: string): number {
  const na = Number(a.slice(a.lastIndexOf('_') + 1))
  const nb = Number(b.slice(b.lastIndexOf('_') + 1))
  return na - nb || (a < b ? -1 : a > b ? 1 : 0)
}
