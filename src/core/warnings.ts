import { AsyncLocalStorage } from 'node:async_hooks'

// Some warnings are said deep inside the library, far from any run's options: a secret too short to be redacted
// (where a key variable, a setting, an MCP server's ${VAR} is read), a cache folder others may write to. They went
// to stderr even for a library caller who gave the run an onWarning. A run now says where the warnings of its work
// go (`warningsTo`), as the process guard finds the case of an error (loop/case-strays.ts): what its work says goes
// there, whichever module says it; outside any run, it is printed on stderr.

/** Where the warnings of some work go, and the keys already said there. */
type Listener = { readonly warn: (message: string) => void; readonly said: Set<string> }

/** Outside any run: printed on stderr, each once per process. */
const printed: Listener = { warn: (message) => process.stderr.write(`warning: ${message}\n`), said: new Set() }

const current = new AsyncLocalStorage<Listener>()

/** Runs `work` with every warning said inside it (`warnOnce`) going to `warn` — a run's onWarning —, each once. */
export function warningsTo<T>(warn: (message: string) => void, work: () => Promise<T>): Promise<T> {
  return current.run({ warn, said: new Set() }, work)
}

/**
 * Says `message` once per `key` (kept in memory only): to the run whose work says it (`warningsTo`), else on stderr.
 * One already printed on stderr (before the run: a config's secret, read when the config loads) is not said again.
 */
export function warnOnce(key: string, message: string): void {
  const listener = current.getStore() ?? printed
  if (listener.said.has(key) || printed.said.has(key)) return
  listener.said.add(key)
  listener.warn(message)
}
