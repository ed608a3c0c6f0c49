import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'

/** The files in a folder a `--tools` flag could mean, best first: a suite file (its tools, resolved), then a tools file. */
const meantFiles = [/^suite\.(ya?ml|json)$/, /\.suite\.(ya?ml|json)$/, /^tools\.(json|ya?ml)$/]

/**
 * Refuses a folder given to a flag that takes one tools file or suite file (`fuzz --tools suites/weather`, as
 * `run` and `lint-tools` take folders), naming the flag as it was given and the file in that folder to pass instead.
 */
export function refuseToolsFolder(path: string, flag: string): void {
  let folder = false
  try {
    folder = statSync(path).isDirectory()
  } catch {
    return // a missing file is the loader's to name, with its own did-you-mean
  }
  if (!folder) return
  let entries: string[] = []
  try {
    entries = readdirSync(path).sort()
  } catch {
    // an unreadable folder: refused all the same, with no file to suggest
  }
  const meant = meantFiles.map((pattern) => entries.find((entry) => pattern.test(entry))).find((entry) => entry !== undefined)
  const hint = meant === undefined ? '' : ` (did you mean "${join(path, meant)}"?)`
  throw new InputError(`${path} is a folder; expected a tools file or a suite file${hint}`, { field: flag })
}
