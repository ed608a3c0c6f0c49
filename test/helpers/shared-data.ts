import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** `../shared/data` beside the project: public test data that a user's clone does not have. */
export const sharedDataDir = resolve(projectRoot, '../shared/data')

/** True when `../shared/data/<sub>` exists. */
export function hasSharedData(sub = ''): boolean {
  return existsSync(resolve(sharedDataDir, sub))
}

/** Absolute path inside ../shared/data. */
export function sharedData(...parts: string[]): string {
  return resolve(sharedDataDir, ...parts)
}

/**
 * A describe title that says why it is skipped, so a run without ../shared shows the reason:
 * `describe.skipIf(!hasSharedData('bfcl'))(sharedTitle('BFCL parity', 'bfcl'), …)`.
 */
export function sharedTitle(title: string, sub = ''): string {
  return hasSharedData(sub) ? title : `${title} [skipped: ../shared/data/${sub} is absent in this checkout]`
}
