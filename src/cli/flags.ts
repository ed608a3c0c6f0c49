import { parseArgs, type ParseArgsConfig } from 'node:util'
import { InputError } from '../core/errors.ts'

/** Option declarations in node:util parseArgs form. */
export type FlagSpec = NonNullable<ParseArgsConfig['options']>

/** What parseFlags returns; spelled out because node:util does not export the option types declarations would name. */
export type ParsedFlags<T extends FlagSpec> = ReturnType<typeof parseArgs<{
  args: string[]
  options: T & { help: { type: 'boolean'; short: 'h' } }
  allowPositionals: true
  strict: true
}>>

/**
 * Parses argv strictly (unknown flags, missing values are usage errors naming the flag) and returns the values
 * and positionals. `--help` is always accepted.
 */
export function parseFlags<const T extends FlagSpec>(argv: readonly string[], options: T): ParsedFlags<T> {
  try {
    return parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new InputError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''))
  }
}

/** Reads a numeric flag, checking it is a number within [min, max] (integer when asked). */
export function numberFlag(
  name: string,
  raw: string | undefined,
  { min, max, integer = false }: { min?: number; max?: number; integer?: boolean },
): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  const ok = raw.trim() !== '' && Number.isFinite(value) && (!integer || Number.isInteger(value))
    && (min === undefined || value >= min) && (max === undefined || value <= max)
  if (!ok) {
    const range = [min !== undefined ? `>= ${min}` : '', max !== undefined ? `<= ${max}` : ''].filter(Boolean).join(' and ')
    throw new InputError(`expected ${integer ? 'an integer' : 'a number'}${range ? ` ${range}` : ''}, got "${raw}"`, { field: `--${name}` })
  }
  return value
}
