import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { RequestContext } from '../core/provider.ts'
import { sha256, stableStringify } from './stable-json.ts'

/** One recorded HTTP exchange: enough to serve the same bytes to the SDK again. Secrets are redacted before writing. */
export type Cassette = {
  readonly version: 1
  readonly key: string
  /** Which case asked, for people reading the folder; not part of the key beyond `repeat`. */
  readonly context: RequestContext & { readonly model: string }
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

/** The request body with key order normalized, or the text itself when it is not JSON. */
export function normalizeBody(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText) as unknown
  } catch {
    return bodyText
  }
}

/**
 * Stable key of a request: method, path, normalized body and the repeat index. The repeat index is in the key so
 * repeats of a case are recorded and replayed separately (a shared key would make every repeat replay one answer).
 */
export function cassetteKey(method: string, path: string, bodyText: string, repeat: number): string {
  return sha256(stableStringify({ method: method.toUpperCase(), path, body: normalizeBody(bodyText), repeat })).slice(0, 32)
}

/** A folder of cassettes, one JSON file per key. */
export class CassetteStore {
  constructor(readonly dir: string) {}

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
