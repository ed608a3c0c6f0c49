import { InputError, UsageError } from '../core/errors.ts'
import { toolgaugeVersion } from '../version.ts'
import { exitCodes, type Command } from './command.ts'

/** The commands, loaded lazily so `toolgauge tokens` does not pay for the SDKs. */
const commands: Record<string, () => Promise<{ command: Command }>> = {
  run: () => import('./run.ts'),
  show: () => import('./show.ts'),
  tokens: () => import('./tokens.ts'),
  fuzz: () => import('./fuzz.ts'),
  bfcl: () => import('./bfcl.ts'),
  compare: () => import('./compare.ts'),
  merge: () => import('./merge.ts'),
  'lint-tools': () => import('./lint-tools.ts'),
}

/** Entry point: dispatches to a command and maps errors to exit codes (2 for bad input, never a stack trace). */
export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...afterFirst] = argv
  // `toolgauge help run` is `toolgauge run --help`.
  const [name, ...rest] = first === 'help' && afterFirst.length > 0 ? [afterFirst[0], '--help'] : [first, ...afterFirst]
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await overview())
    return name ? exitCodes.ok : exitCodes.badInput
  }
  if (name === '--version') {
    process.stdout.write(`${toolgaugeVersion}\n`)
    return exitCodes.ok
  }
  const load = commands[name]
  if (!load) {
    process.stderr.write(`toolgauge: unknown command "${name}"\n\n${await overview()}`)
    return exitCodes.badInput
  }
  const { command } = await load()
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`)
    return exitCodes.ok
  }
  try {
    return await command.run(rest)
  } catch (error) {
    // Usage goes with a command line that does not parse; a bad file or config is reported alone.
    if (UsageError.isInstance(error)) {
      process.stderr.write(`toolgauge ${name}: ${error.message}\n\nUsage: ${command.usage.split('\n')[0]}\n(toolgauge help ${name} describes every option)\n`)
      return exitCodes.badInput
    }
    if (InputError.isInstance(error)) {
      process.stderr.write(`toolgauge ${name}: ${error.message}\n`)
      return exitCodes.badInput
    }
    throw error
  }
}

async function overview(): Promise<string> {
  const lines = await Promise.all(
    Object.entries(commands).map(async ([name, load]) => `  ${name.padEnd(11)}${(await load()).command.summary}`),
  )
  return `toolgauge — test harness for tool-calling LLMs\n\nUsage: toolgauge <command> [options]\n\n${lines.join('\n')}\n\nRun toolgauge <command> --help for a command's options.\n`
}
