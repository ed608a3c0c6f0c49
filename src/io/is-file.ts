import { existsSync, statSync } from 'node:fs'

/** Whether a path is a regular file (not a folder, not missing): what a fingerprint can hash. */
export function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile()
}
