import { InputError } from '../core/errors.ts'
import { readTextFile } from '../io/read-text.ts'
import { PyJsonError, pyJsonLoads } from './py/json.ts'
import type { PyValue } from './py/value.ts'

/** One non-empty line of a JSON Lines file, parsed. */
export type JsonLine<T> = { readonly line: number; readonly value: T }

/** Parses each non-empty line (`line` 1-based); a line that is no JSON is an InputError with file and line. */
export function parseLines<T>(file: string, parse: (text: string, line: number) => T): JsonLine<T>[] {
  return readTextFile(file).split('\n').flatMap((text, index) => {
    if (!text.trim()) return []
    try {
      return [{ line: index + 1, value: parse(text, index + 1) }]
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof PyJsonError) throw new InputError(`malformed JSON line: ${error.message}`, { file, line: index + 1 })
      throw error
    }
  })
}

/** Reads a JSON Lines file with plain JSON.parse (BFCL's `.json` files are JSONL). Bad lines → InputError with file and line. */
export function readJsonLines(file: string): JsonLine<unknown>[] {
  return parseLines(file, (text) => JSON.parse(text) as unknown)
}

/** Reads a JSON Lines file with Python's json.loads semantics (number lexemes kept). Bad lines → InputError. */
export function readPyJsonLines(file: string, keep?: ReadonlySet<string>): JsonLine<PyValue>[] {
  return parseLines(file, (text) => pyJsonLoads(text, keep))
}
