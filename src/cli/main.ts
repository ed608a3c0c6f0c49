import { didYouMean } from '../core/did-you-mean.ts'
import { InputError, UsageError } from '../core/errors.ts'
import { toolgaugeVersion } from '../version.ts'
import { exitCodes, type Command } from './command.ts'
import { inert, inertMessage } from '../report/terminal-text.ts'

/**
 * The commands: a one-line summary for `toolgauge --help`, and the module, imported only when the command runs or
 * prints its own help (so `--help` and `--version` load no command, and `tokens` does not pay for the runner).
 */
const commands: Record<string, { readonly summary: string; readonly load: () => Promise<{ command: Command }> }> = {
  init: { summary: 'scaffold an example suite, toolgauge.config.ts and a CI workflow in this project', load: () => import('./init.ts') },
  run: { summary: 'run suites against models and score the tool calls', load: () => import('./run.ts') },
  show: { summary: "print a case's transcript and failures from a report", load: () => import('./show.ts') },
  tokens: { summary: 'count the prompt tokens spent on tool definitions, per tool', load: () => import('./tokens.ts') },
  fuzz: { summary: 'property-fuzz your argument validator against the tool schemas', load: () => import('./fuzz.ts') },
  bfcl: { summary: "score BFCL result files with BFCL's verdicts; import BFCL categories as suites", load: () => import('./bfcl.ts') },
  compare: { summary: 'compare two reports: broken/fixed cases, deltas with intervals, paired test', load: () => import('./compare.ts') },
  plan: { summary: 'how many cases × repeats a comparison needs to detect a drop (paired, McNemar)', load: () => import('./plan.ts') },
  merge: { summary: 'join shard reports into one, recomputing every aggregate', load: () => import('./merge.ts') },
  'lint-tools': { summary: 'lint tool descriptions and schemas offline (vague, overlapping, costly tools)', load: () => import('./lint-tools.ts') },
  conformance: { summary: 'probe what hosts get right about tool calling: a table of probes × models', load: () => import('./conformance.ts') },
  mcp: { summary: 'list the tools of an MCP server (mcp list "<command line | URL>")', load: () => import('./mcp.ts') },
}

/** Entry point: dispatches to a command and maps errors to exit codes (2 for bad input, never a stack trace). */
export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...afterFirst] = argv
  // `toolgauge help run` is `toolgauge run --help`.
  const [name, ...rest] = first === 'help' && afterFirst.length > 0 ? [afterFirst[0], '--help'] : [first, ...afterFirst]
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(overview())
    return name ? exitCodes.ok : exitCodes.badInput
  }
  if (name === '--version') {
    process.stdout.write(`${toolgaugeVersion}\n`)
    return exitCodes.ok
  }
  const entry = commands[name]
  if (!entry) {
    // The suggestion is one of our own command names: only the user's text needs escaping.
    process.stderr.write(`toolgauge: unknown command "${inert(name)}"${didYouMean(name, [...Object.keys(commands), 'help'])}\n\n${overview()}`)
    return exitCodes.badInput
  }
  const { command } = await entry.load()
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`)
    return exitCodes.ok
  }
  try {
    return await command.run(rest)
  } catch (error) {
    // Usage goes with a command line that does not parse; a bad file or config is reported alone. Messages quote
    // files, flags and a server's stderr: their lines are kept, their control characters escaped.
    if (UsageError.isInstance(error)) {
      process.stderr.write(`toolgauge ${name}: ${inertMessage(error.message)}\n\nUsage: ${command.usage.split('\n')[0]}\n(toolgauge help ${name} describes every option)\n`)
      return exitCodes.badInput
    }
    if (InputError.isInstance(error)) {
      process.stderr.write(`toolgauge ${name}: ${inertMessage(error.message)}\n`)
      return exitCodes.badInput
    }
    throw error
  }
}

function overview(): string {
  // Two spaces at least between a name and its summary, also after the longest name (conformance).
  const width = Object.keys(commands).reduce((widest, name) => Math.max(widest, name.length), 0) + 2
  const lines = Object.entries(commands).map(([name, { summary }]) => `  ${name.padEnd(width)}${summary}`)
  return `toolgauge — test harness for tool-calling LLMs\n\nUsage: toolgauge <command> [options]\n\n${lines.join('\n')}\n\n`
    + `Run toolgauge <command> --help for a command's options, toolgauge --version for the version.\n`
    + `New here? toolgauge init writes an example suite and config that run offline: then npx toolgauge run.\n`
}
