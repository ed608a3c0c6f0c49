/** Exit codes of every command (README "Exit codes"). */
export const exitCodes = { ok: 0, gateFailed: 1, badInput: 2, infrastructure: 3, costLimit: 4 } as const

/** One CLI command: a thin layer that parses flags, calls the library and returns the exit code. */
export type Command = {
  /** The usage text printed by `toolgauge <command> --help` and on usage errors. */
  readonly usage: string
  run(argv: readonly string[]): Promise<number>
}
