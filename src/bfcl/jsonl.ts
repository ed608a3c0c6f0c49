import { readFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import { cannotRead } from '../io/read-text.ts'
import { PyJsonError } from './py/json.ts'
import { jsonLoads } from './py/native-json.ts'
import type { PyValue } from './py/value.ts'

/** One non-empty line of a JSON Lines file, parsed. */
export type JsonLine<T> = { readonly line: number; readonly value: T }

/**
 * A file's lines (split at `\n` as `split('\n')` splits), each decoded from UTF-8 on its own: one non-ASCII
 * character anywhere makes the whole file's text a two-byte string, and JSON.parse reads one-byte strings (the
 * ASCII lines) markedly faster. No UTF-8 sequence contains the byte 0x0A, so the lines' characters are the same.
 */
export function readTextLines(file: string): string[] {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (error) {
    throw cannotRead(file, error)
  }
  const lines: string[] = []
  let start = 0
  for (;;) {
    const end = bytes.indexOf(0x0a, start)
    lines.push(bytes.toString('utf8', start, end < 0 ? bytes.length : end))
    if (end < 0) return lines
    start = end + 1
  }
}

/** Parses each non-empty line (`line` 1-based); a line that is no JSON is an InputError with file and line. */
export function parseLines<T>(file: string, parse: (text: string, line: number) => T): JsonLine<T>[] {
  return readTextLines(file).flatMap((text, index) => {
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
  return parseLines(file, (text) => jsonLoads(text, keep))
}
