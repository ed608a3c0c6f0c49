import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { InputError } from '../core/errors.ts'

/**
 * Loads a function from a `<module path>#<export>` reference (default export when `#` is absent). The module is
 * imported as is: under the CLI, tsx's loader makes `.ts` modules importable. Every problem is an InputError naming
 * the file and the flag, never a stack trace.
 */
export async function loadExportedFunction(reference: string, flag: string): Promise<(...args: never[]) => unknown> {
  const hash = reference.lastIndexOf('#')
  const modulePath = hash === -1 ? reference : reference.slice(0, hash)
  const name = hash === -1 ? 'default' : reference.slice(hash + 1)
  if (!modulePath || !name) throw new InputError(`expected <module path>#<export>, got "${reference}"`, { field: flag })
  const file = resolve(modulePath)
  if (!existsSync(file)) throw new InputError('module not found', { file, field: flag })
  let module: Record<string, unknown>
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  } catch (error) {
    throw new InputError(`could not load the module: ${(error as Error).message.split('\n')[0]}`, { file, field: flag })
  }
  const exported = module[name]
  if (typeof exported !== 'function') {
    const available = Object.keys(module).filter((key) => typeof module[key] === 'function')
    const what = exported === undefined ? `has no export "${name}"` : `export "${name}" is not a function`
    throw new InputError(`${what}${available.length > 0 ? ` (function exports: ${available.join(', ')})` : ''}`, { file, field: flag })
  }
  return exported as (...args: never[]) => unknown
}
