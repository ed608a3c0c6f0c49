import { AsyncLocalStorage } from 'node:async_hooks'

// Some warnings are said deep inside the library, far from any run's options: a secret too short to be redacted
// (where a key variable, a setting, an MCP server's ${VAR} is read), a cache folder others may write to (the token
// counts' cache, read as each case is scored). They went to stderr even for a library caller who gave the run an
// onWarning. A run now says where the warnings of its work go (`warningsTo`), as the process guard finds the case of
// an error (loop/case-strays.ts): what its work says goes there, whichever module says it; outside any run, it is
// printed on stderr.

/** Where the warnings of some work go, and the keys already said there. */
export type WarningListener = { readonly warn: (message: string) => void; readonly said: Set<string> }

/**
 * What the work running now belongs to: the run whose warnings it says, if any. A case's work is its CaseStrays
 * (loop/case-strays.ts), which carries the warnings of the run it is part of: one storage for both, because on
 * Node 20 each enabled AsyncLocalStorage writes its store onto every async resource made while it is — a second
 * one for the warnings alone cost the CLI's 20,000-case run about 10 MiB of peak RSS.
 */
export type WorkScope = { readonly warnings?: WarningListener | undefined }

/** Outside any run: printed on stderr, each once per process (or told to the program's printer: `printWarningsWith`). */
let printed: WarningListener = { warn: (message) => process.stderr.write(`warning: ${message}\n`), said: new Set() }

const current = new AsyncLocalStorage<WorkScope>()

/**
 * Until the returned function is called, warnings said outside any run go to `warn`: the CLI's printer, which is
 * also the onWarning of its one run. A run given this same `warn` is then told its warnings without a `warningsTo`
 * of its own (`printsWarnings`): entering an AsyncLocalStorage switches Node's promise hooks on for all the run does,
 * its setup too (about 10 ms of CPU of the CLI's run of the bundled suites), to reach where they would go anyway.
 * Each is said once as in a run: not when printed before, and again after (a run's keys are its own).
 */
export function printWarningsWith(warn: (message: string) => void): () => void {
  const before = printed
  printed = { warn, said: new Set(before.said) }
  return () => {
    printed = before
  }
}

/** Whether `warn` is where warnings said outside any run go (`printWarningsWith`). */
export function printsWarnings(warn: unknown): boolean {
  return warn === printed.warn
}

/** Runs `work` with every warning said inside it (`warnOnce`) going to `warn` — a run's onWarning —, each once. */
export function warningsTo<T>(warn: (message: string) => void, work: () => Promise<T>): Promise<T> {
  return current.run({ warnings: { warn, said: new Set() } }, work)
}

/** Runs `work` as `scope` (a case's work: loop/case-strays.ts), which every timer and promise made inside carries. */
export function runInScope<T>(scope: WorkScope, work: () => T): T {
  return current.run(scope, work)
}

/** The scope of the work running now (in a timer or a promise callback: of the work that made it), if any. */
export function currentScope(): WorkScope | undefined {
  return current.getStore()
}

/**
 * Says `message` once per `key` (kept in memory only): to the run whose work says it (`warningsTo`), else on stderr.
 * One already printed on stderr (before the run: a config's secret, read when the config loads) is not said again.
 */
export function warnOnce(key: string, message: string): void {
  const listener = current.getStore()?.warnings ?? printed
  if (listener.said.has(key) || printed.said.has(key)) return
  listener.said.add(key)
  listener.warn(message)
}
