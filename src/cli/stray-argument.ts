import { UsageError } from '../core/errors.ts'

/**
 * The usage error for an argument given without a flag to a command that takes none: it names the argument and,
 * when one is likely, the flag it was meant for (`toolgauge tokens tools.json` → `--tools tools.json`).
 */
export function strayArgument(value: string, meantFor?: string): UsageError {
  const hint = meantFor ? ` (did you mean ${meantFor} ${/\s/.test(value) ? JSON.stringify(value) : value}?)` : ''
  return new UsageError(`unexpected argument "${value}"${hint}: this command takes its inputs as flags`)
}

/** Whether an argument reads as a path to a file: it has a folder separator or a file extension. */
export function looksLikeFile(value: string): boolean {
  return /[\\/]/.test(value) || /\.[A-Za-z0-9]{1,6}$/.test(value)
}
