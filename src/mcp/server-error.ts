const marker = Symbol.for('toolgauge.McpServerError')

/**
 * An MCP server failed: it did not start, exited, hung or broke the protocol. The message names the server's
 * command line (or URL) and ends with the tail of its stderr. Before a run it becomes an InputError (exit 2);
 * during a run, the case's `harness_error` (errored: the model is never scored on a dead server).
 */
export class McpServerError extends Error {
  readonly [marker] = true
  constructor(message: string) {
    super(message)
    this.name = 'McpServerError'
  }

  /** Realm-safe check (works across module copies). */
  static isInstance(error: unknown): error is McpServerError {
    return typeof error === 'object' && error !== null && marker in error
  }
}
