import { parseArgs, type ParseArgsConfig } from 'node:util'
import { closestName, percentageSlip, secondsMeant } from '../core/did-you-mean.ts'
import { UsageError } from '../core/errors.ts'
import { settingNames } from '../providers/settings/model-settings.ts'
import type { Command } from './command.ts'

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
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const
  try {
    return parseArgs({ args: [...argv], options: all, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(flagProblem(argv, all) ?? (error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''))
  }
}

/** A command whose argv is parsed by `parseFlags` with `flags` before `run` gets the values and positionals. */
export function defineCommand<const T extends FlagSpec>(usage: string, flags: T, run: (parsed: ParsedFlags<T>) => Promise<number>): Command {
  return { usage, run: (argv) => run(parseFlags(argv, flags)) }
}

/**
 * What is wrong with a command line the strict parse refused, in toolgauge's words (Node's text speaks of
 * positionals and `--`): the first unknown flag with the closest known one, a flag missing its value, a switch
 * given one. Undefined when the lenient parse finds nothing to name.
 */
function flagProblem(argv: readonly string[], all: FlagSpec): string | undefined {
  const { tokens } = parseArgs({ args: [...argv], options: all, allowPositionals: true, strict: false, tokens: true })
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const spec = all[token.name]
    if (!spec) {
      // One letter is no basis for a guess: only a long flag gets a suggestion, by its name alone (the dashes every
      // flag shares would make `--suite` look close to `--out`).
      const closest = token.rawName.startsWith('--') ? closestName(token.name, Object.keys(all)) : undefined
      const setting = token.name.replace(/-/g, '_')
      // `--temperature 0`: a request setting, which commands taking --set accept only through it.
      const value = token.inlineValue ? token.value : argv[token.index + 1]?.startsWith('-') === false ? argv[token.index + 1] : '<value>'
      const hint = closest !== undefined ? ` (did you mean "--${closest}"?)`
        : 'set' in all && (settingNames as readonly string[]).includes(setting) ? ` (a request setting: --set ${setting}=${value})` : ''
      return `unknown flag "${token.rawName}"${hint}`
    }
    const flag = `--${token.name}`
    if (spec.type === 'string' && token.value === undefined) return `${flag} needs a value`
    // A value starting with a dash is taken for the next flag: `--model --all` forgot the model.
    if (spec.type === 'string' && token.inlineValue === false && token.value?.startsWith('-')) {
      return `${flag} needs a value, got the flag "${token.value}" (a value starting with "-" is written ${flag}=${token.value})`
    }
    if (spec.type === 'boolean' && token.inlineValue) return `${flag} takes no value (got "${token.value ?? ''}")`
  }
  return undefined
}

/** A number written with its unit (`$5`, `5usd`; `5%`, `5pp`); undefined for any other text. */
function unitless(raw: string, written: RegExp): number | undefined {
  const match = written.exec(raw.trim())
  const value = match ? Number(match[1] ?? match[2]) : NaN
  return Number.isFinite(value) ? value : undefined
}

/** The units of flags (their `--help` placeholder): what a value written with one meant. */
const units = {
  seconds: { words: 'seconds', meant: secondsMeant },
  usd: { words: 'USD', meant: (raw: string) => unitless(raw, /^\$\s*(\d[\d.]*)$|^(\d[\d.]*)\s*(?:\$|usd)$/i) },
  points: { words: 'percentage points', meant: (raw: string) => unitless(raw, /^(\d[\d.]*)\s*(?:%|pp|points?)$/i) },
} as const

/**
 * Reads a numeric flag, checking it is a number within [min, max] (integer when asked). A flag with a unit given a
 * value written with it (`--timeout 30s`, `--max-cost $5`) is told the number it meant: a suffix reads as a typo.
 */
export function numberFlag(
  name: string,
  raw: string | undefined,
  { min, max, integer = false, unit }: { min?: number; max?: number; integer?: boolean; unit?: keyof typeof units },
): number | undefined {
  if (raw === undefined) return undefined
  const fits = (n: number) => Number.isFinite(n) && (!integer || Number.isInteger(n)) && (min === undefined || n >= min) && (max === undefined || n <= max)
  const value = Number(raw)
  if (raw.trim() === '' || !fits(value)) {
    // A meant value out of range gets the range.
    const meant = unit && units[unit].meant(raw)
    if (meant !== undefined && fits(meant)) throw new UsageError(`takes a number of ${units[unit!].words}, got "${raw}": did you mean --${name} ${meant}?`, { field: `--${name}` })
    // A [0, 1] flag is a fraction (a rate, an accuracy, a significance level): 75 was meant as 75%.
    const slip = min === 0 && max === 1 && raw.trim() !== '' ? percentageSlip(value) : undefined
    if (slip) throw new UsageError(slip, { field: `--${name}` })
    const range = [min !== undefined ? `>= ${min}` : '', max !== undefined ? `<= ${max}` : ''].filter(Boolean).join(' and ')
    throw new UsageError(`expected ${integer ? 'an integer' : 'a number'}${range ? ` ${range}` : ''}, got "${raw}"`, { field: `--${name}` })
  }
  return value
}

/** A flag with what `--help` says about it: its value placeholder and one line of description. */
export type DescribedFlag = FlagSpec[string] & { readonly value?: string; readonly help: string }

/** The parseArgs declarations of described flags (the help texts stripped). */
export function flagSpec<const T extends Record<string, DescribedFlag>>(flags: T): { [K in keyof T]: Omit<T[K], 'value' | 'help'> } {
  return Object.fromEntries(Object.entries(flags).map(([name, { value: _value, help: _help, ...spec }]) => [name, spec])) as {
    [K in keyof T]: Omit<T[K], 'value' | 'help'>
  }
}

/** One line per flag — `  -m, --model <spec>   description` — aligned, for a command's `--help`. */
export function describeFlags(flags: Record<string, DescribedFlag>): string {
  const heads = Object.entries(flags).map(([name, flag]) => `${flag.short ? `-${flag.short}, ` : '    '}--${name}${flag.value ? ` ${flag.value}` : ''}`)
  const width = heads.reduce((max, head) => Math.max(max, head.length), 0)
  return Object.values(flags).map((flag, index) => `  ${heads[index]!.padEnd(width)}  ${flag.help}`).join('\n')
}

/**
 * "the 2nd --header": which of a repeated flag's values a message is about, when the value itself is not quoted (it
 * may hold a credential: a header's token, a pasted key).
 */
export function nthFlag(index: number, flag: string): string {
  const n = index + 1
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
  return `the ${n}${suffix} ${flag}`
}
