import { readFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import { PyJsonError } from './py/json.ts'
import { jsonLoads } from './py/native-json.ts'
import type { PyValue } from './py/value.ts'

/** One non-empty line of a JSON Lines file, parsed. */
export type JsonLine<T> = { readonly line: number; readonly value: T; readonly text: string }

/** Reads a file, naming it in the InputError when it cannot be read. */
export function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new InputError(`cannot read file (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { file })
  }
}

/** Reads a JSON Lines file with plain JSON.parse (BFCL's `.json` files are JSONL). Bad lines → InputError with file and line. */
export function readJsonLines(file: string): JsonLine<unknown>[] {
  return readText(file).split('\n').flatMap((text, index) => {
    if (!text.trim()) return []
    try {
      return [{ line: index + 1, value: JSON.parse(text) as unknown, text }]
    } catch (error) {
      throw new InputError(`malformed JSON line: ${(error as Error).message}`, { file, line: index + 1 })
    }
  })
}

/** Reads a JSON Lines file with Python's json.loads semantics (number lexemes kept). Bad lines → InputError. */
export function readPyJsonLines(file: string, keep?: ReadonlySet<string>): JsonLine<PyValue>[] {
  return readText(file).split('\n').flatMap((text, index) => {
    if (!text.trim()) return []
    try {
      return [{ line: index + 1, value: jsonLoads(text, keep), text }]
    } catch (error) {
      if (error instanceof PyJsonError) throw new InputError(`malformed JSON line: ${error.message}`, { file, line: index + 1 })
      throw error
    }
  })
}
