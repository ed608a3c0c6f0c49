import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { InputError } from '../core/errors.ts'

const modules = new Map<string, Promise<Record<string, unknown>>>()

/**
 * Imports a user module (stubs, hooks, validators; .ts works because the CLI runs under tsx) once per path.
 * A missing file is an InputError naming the referencing file and field.
 */
export function importUserModule(path: string, location: { file?: string; line?: number; field?: string }): Promise<Record<string, unknown>> {
  if (!existsSync(path)) return Promise.reject(new InputError(`module not found: ${path}`, location))
  let loaded = modules.get(path)
  if (!loaded) {
    loaded = import(pathToFileURL(path).href).catch((error: unknown) => {
      modules.delete(path)
      throw new InputError(`cannot load module ${path}: ${(error as Error).message.split('\n')[0]}`, location)
    }) as Promise<Record<string, unknown>>
    modules.set(path, loaded)
  }
  return loaded
}

/** Imports a user module and returns one exported function, or an InputError naming the export. */
export async function importUserFunction<T extends (...args: never[]) => unknown>(
  path: string,
  exportName: string,
  location: { file?: string; line?: number; field?: string },
): Promise<T> {
  const module = await importUserModule(path, location)
  const value = module[exportName]
  if (typeof value !== 'function') {
    throw new InputError(`module ${path} has no exported function "${exportName}"`, location)
  }
  return value as T
}
