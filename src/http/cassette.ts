import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { OptionNames } from '../core/option-names.ts'
import type { RequestContext } from '../core/provider.ts'
import { hashText } from '../core/hash-text.ts'
import { parseJsonOrText, stableStringify } from './stable-json.ts'

/** One recorded HTTP exchange: enough to serve the same bytes to the SDK again. Secrets are redacted before writing. */
export type Cassette = {
  readonly version: 1
  readonly key: string
  /** Which case asked (the identity the key was made from, minus the request itself), for people reading the folder. */
  readonly context: CassetteIdentity
  readonly request: {
    readonly method: string
    readonly path: string
    readonly headers: Readonly<Record<string, string>>
    /** Parsed JSON body (or the text when it is not JSON). */
    readonly body: unknown
  }
  readonly response: {
    readonly status: number
    readonly headers: Readonly<Record<string, string>>
    /** The body exactly as received, so replay exercises the SDK's own parsing. */
    readonly body: string
  }
}

/** Who sent a request: suite, case, model (its label when it has one), repeat and turn. */
export type CassetteIdentity = RequestContext & { readonly model: string }

/** The HTTP side of a request's identity. */
export type CassetteRequest = { readonly method: string; readonly url: string; readonly body: string }

/**
 * Stable key of a request: its full identity — suite, case, model, repeat, turn (and a conversation's user message), method, path with query and
 * the normalized body. With less, two cases whose first requests are equal (same prompt, different stubs) share a
 * cassette, and the second recording overwrites the first: the first case then replays the other's answer, whose
 * tool-call ids appear in no recorded follow-up. Host and port are left out on purpose: `--replay` needs no base URL
 * (issue 11), a local stand-in listens on a fresh port each run, and the model identity already tells servers apart.
 */
export function cassetteKey(request: CassetteRequest, identity: CassetteIdentity): string {
  const url = new URL(request.url)
  return hashText(stableStringify({
    suite: identity.suite,
    caseId: identity.caseId,
    model: identity.model,
    repeat: identity.repeat,
    turn: identity.turn,
    // A conversation's requests are keyed per user message too (absent for single requests: their keys stay as they were).
    ...(identity.message !== undefined ? { message: identity.message } : {}),
    method: request.method.toUpperCase(),
    path: `${url.pathname}${url.search}`,
    body: parseJsonOrText(request.body),
  })).slice(0, 32)
}

/** A folder of cassettes, one JSON file per key. */
export class CassetteStore {
  constructor(readonly dir: string) {}

  /**
   * The store a replay reads: its folder must exist — else every request would miss its cassette and read as a
   * changed request — so a wrong `--replay` path is bad input before the first case, named in `names`.
   */
  static forReplay(dir: string, names: OptionNames): CassetteStore {
    const stats = statSync(dir, { throwIfNoEntry: false })
    if (stats === undefined) throw new InputError(`the cassette folder does not exist: ${dir} (record one with ${names.record} ${dir})`, { field: names.replay })
    if (!stats.isDirectory()) throw new InputError(`not a folder: ${dir}; expected the folder a ${names.record} run wrote its cassettes to`, { field: names.replay })
    return new CassetteStore(dir)
  }

  /** The file a key lives in. */
  file(key: string): string {
    return join(this.dir, `${key}.json`)
  }

  /** The cassette for a key, or undefined when none was recorded. */
  read(key: string): Cassette | undefined {
    let text: string
    try {
      text = readFileSync(this.file(key), 'utf8')
    } catch {
      return undefined
    }
    try {
      return JSON.parse(text) as Cassette
    } catch (error) {
      throw new InputError(`cassette is not valid JSON: ${(error as Error).message}`, { file: this.file(key) })
    }
  }

  /** Writes a cassette atomically (temp file + rename), so a crash never leaves half a file for replay. */
  write(cassette: Cassette): void {
    mkdirSync(this.dir, { recursive: true })
    const target = this.file(cassette.key)
    const temp = `${target}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(cassette, null, 2) + '\n')
    renameSync(temp, target)
  }
}
