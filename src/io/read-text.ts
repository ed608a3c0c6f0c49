import { readFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import { noteRead } from './files-read.ts'
import { didYouMeanFile } from './similar-file.ts'

/**
 * Why a file cannot be opened, in plain words: `no such file: <path>` (with "did you mean" for a sibling of a close
 * name), `permission denied`, `is a folder`; other errno codes as `cannot read <what> (CODE)`.
 */
export function unreadableReason(file: string, error: unknown, what = 'file'): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return `no such file: ${file}${didYouMeanFile(file)}`
  if (code === 'EACCES' || code === 'EPERM') return `permission denied: ${file} cannot be read by this user`
  if (code === 'EISDIR') return `${file} is a folder; expected a ${what}`
  return `cannot read ${what} (${code ?? String(error)})`
}

/** The one wording of a file that cannot be opened, as bad input naming the file (and the field that named it). */
export function cannotRead(file: string, error: unknown, field?: string): InputError {
  return new InputError(unreadableReason(file, error), field === undefined ? { file } : { file, field })
}

/** A file's UTF-8 text; a file that cannot be read is bad input (exit 2) naming it, and the field that named it. */
export function readTextFile(file: string, field?: string): string {
  noteRead(file)
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw cannotRead(file, error, field)
  }
}
