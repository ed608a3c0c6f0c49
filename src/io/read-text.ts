import { readFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'

/** The one wording of a file that cannot be opened (its errno code, e.g. ENOENT), as bad input naming the file. */
export function cannotRead(file: string, error: unknown, field?: string): InputError {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error)
  return new InputError(`cannot read file (${reason})`, field === undefined ? { file } : { file, field })
}

/** A file's UTF-8 text; a file that cannot be read is bad input (exit 2) naming it, and the field that named it. */
export function readTextFile(file: string, field?: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw cannotRead(file, error, field)
  }
}
