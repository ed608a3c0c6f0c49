import { readdirSync } from 'node:fs'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { closestName } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'

/**
 * ` (did you mean "dir/name"?)` for a path that does not exist when its folder holds an entry with a close name
 * (`./tool.json` beside `tools.json`, `suit.yaml` beside `suite.yaml`), written with the folder as the path gave it
 * so it can be pasted back; '' when the folder cannot be read or nothing is close. A relative path is looked up
 * from `base` (a suite's folder, for the files a suite names), else from the working folder.
 */
export function didYouMeanFile(path: string, base?: string): string {
  let entries: string[]
  try {
    entries = readdirSync(resolve(base ?? '.', dirname(path)))
  } catch {
    return ''
  }
  const name = basename(path)
  const ext = extname(name)
  // Names ending in the same extension are compared by their stems: the shared `.ts` made `conv.ts` look like `hook.ts`.
  const alike = ext === '' ? [] : entries.filter((entry) => extname(entry) === ext)
  const stem = closestName(name.slice(0, -ext.length), alike.map((entry) => entry.slice(0, -ext.length)))
  const closest = stem !== undefined ? `${stem}${ext}` : closestName(name, entries.filter((entry) => !alike.includes(entry)))
  return closest === undefined ? '' : ` (did you mean "${join(dirname(path), closest)}"?)`
}

/** The one wording of a path given on the command line that does not exist (a suite path, a `lint-tools` path). */
export function noSuchPath(path: string, field: string): InputError {
  return new InputError(`no such file or folder: ${path}${didYouMeanFile(path)}`, { field })
}
