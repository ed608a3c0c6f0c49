import { ProviderError } from '../core/errors.ts'

/**
 * Requests in a row that found nothing answering (every attempt refused, unknown host, connect timeout) after which a
 * model's HTTP client stops calling: one or two may be a server still starting, three with no answer between them
 * is a server that is not there — and each further case would cost (1 + retries) attempts with backoff, minutes in
 * all, to learn the same. A server that answers at all (a 5xx too) is reachable and resets the count.
 */
const unreachableAfterRequests = 3

/**
 * The circuit breaker of one model's HTTP client (http-client.ts): counts requests that gave up without ever
 * connecting; once `unreachableAfterRequests` did in a row, every later request fails at once: a ProviderError like
 * any outage (the case is provider_error, errored; the run exits 3) whose `details.stoppedCalling` names the server.
 * That field, not the message's words, is what marks a case as not sent: a server's, a model's or a hook's message
 * can say the same words, and a rewording must not change what the run's end counts (cli/shared-error.ts).
 */
export class UnreachableBreaker {
  private inARow = 0
  private target: string | undefined

  /** Throws the stop when the breaker has tripped: the request is not sent. */
  check(): void {
    if (this.target !== undefined) throw new ProviderError(stoppedCallingMessage(this.target), { retries: 0, stoppedCalling: this.target })
  }

  /** A request that got an answer (any status) or failed after connecting: the server is there. */
  reached(): void {
    if (this.target === undefined) this.inARow = 0
  }

  /** A request whose every attempt failed to connect to `url`. */
  unreachable(url: string): void {
    this.inARow++
    if (this.inARow >= unreachableAfterRequests && this.target === undefined && URL.canParse(url)) {
      // Origin and path only: user info and a query can carry credentials.
      const { origin, pathname } = new URL(url)
      this.target = `${origin}${pathname}`
    }
  }
}

/** The message of a request the breaker stopped (`target`: origin and path). */
function stoppedCallingMessage(target: string): string {
  return `stopped calling ${target}: nothing answered there for ${unreachableAfterRequests} requests in a row (each after its retries), so the run sends it no more — is the server running, and is the base URL right?`
}
