import { StringDecoder } from 'node:string_decoder'

/** Keeps the last few kilobytes a server wrote to stderr, for error messages (a chatty server must not grow memory). */
export class StderrTail {
  #text = ''
  // A character split across two chunks is decoded whole, not as two replacement characters.
  readonly #decoder = new StringDecoder('utf8')
  constructor(private readonly limit = 4096) {}

  /** Appends a chunk, dropping the oldest text beyond the limit. */
  push(chunk: Buffer | string): void {
    this.#text = (this.#text + (typeof chunk === 'string' ? chunk : this.#decoder.write(chunk))).slice(-this.limit)
  }

  /** The last `lines` non-empty lines, indented for a message; empty when the server wrote nothing. */
  lines(lines = 12): string {
    const tail = this.#text.split(/\r?\n/).filter((line) => line.trim() !== '').slice(-lines)
    return tail.length === 0 ? '' : `\n  stderr (last lines):\n${tail.map((line) => `    ${line}`).join('\n')}`
  }
}
