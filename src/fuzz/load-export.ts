import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import { importUserFunction } from '../io/load-module.ts'

/**
 * Loads a function from a `<module path>#<export>` reference (default export when `#` is absent), through the one
 * user-module loader (`.ts` works in any project). Every problem is an InputError naming the file and the flag.
 */
export async function loadExportedFunction(reference: string, flag: string): Promise<(...args: never[]) => unknown> {
  const hash = reference.lastIndexOf('#')
  const modulePath = hash === -1 ? reference : reference.slice(0, hash)
  const name = hash === -1 ? 'default' : reference.slice(hash + 1)
  if (!modulePath || !name) throw new InputError(`expected <module path>#<export>, got "${reference}"`, { field: flag })
  const file = resolve(modulePath)
  if (!existsSync(file)) throw new InputError('module not found', { file, field: flag })
  return importUserFunction(file, name, { file, field: flag })
}
