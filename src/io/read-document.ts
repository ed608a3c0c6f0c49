import { deserialize, serialize } from 'node:v8'
import type { Node } from 'yaml'
import { InputError } from '../core/errors.ts'
import { firstInexactNumber, roundTrips } from '../core/exact-number.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import { losslessJsonModule, yamlModule, yamlVersion } from './lazy-require.ts'
import { hashText } from '../core/hash-text.ts'
import { readCacheEntry, removeCacheEntry, writeCacheEntry } from './disk-cache.ts'
import { readTextFile } from './read-text.ts'

/** A parsed YAML/JSON file that can say on which line a value stands, for error messages. */
export type SourceDocument = {
  readonly file: string
  readonly value: unknown
  /** 1-based line of the value at `path` (or of its nearest existing parent); undefined if unknown. */
  lineOf(path: readonly (string | number)[]): number | undefined
}

/**
 * How `readDocument` reads: `cache: false` for a file whose value must never be copied into the user's cache, or a
 * test of the parsed value saying whether this one may be (a suite may, unless it writes a credential literally).
 */
export type DocumentReading = { readonly cache?: boolean | ((value: unknown) => boolean) }

/**
 * Reads a YAML or JSON file: a `.json` file by a JSON parser (a trailing comma is an error there, though YAML
 * would take it), any other by the YAML parser. Syntax errors become an InputError with file, line (and column). A YAML file's value is kept in the user's cache unless
 * `cache` says not (a config file, which may hold literal secrets; a suite holding a credential).
 */
export function readDocument(file: string, reading: DocumentReading = {}): SourceDocument {
  const text = readTextFile(file)
  if (file.toLowerCase().endsWith('.json')) return parseJsonText(file, text)
  if (reading.cache === false) return parseDocumentText(file, text)
  return parseYamlText(file, text, typeof reading.cache === 'function' ? reading.cache : () => true)
}

/**
 * A YAML file's value from the user's cache when this very text was parsed before by this `yaml` version, else
 * parsed (and stored when it has no error). Loading and running the YAML parser costs ~0.1 s of CPU per run for a
 * few suites of a few kB — most of `toolgauge run`'s start-up — while the stored value is read in well under a
 * millisecond. One entry per file path (its text's hash inside), so the cache holds one value per file. Line
 * numbers are only needed for an error message: the parser runs then, on the first `lineOf`.
 */
function parseYamlText(file: string, text: string, cacheable: (value: unknown) => boolean): SourceDocument {
  const key = `yaml-value ${file}`
  const textHash = hashText(text)
  const stored = readCacheEntry('documents', key)
  if (stored) {
    try {
      const entry = deserialize(stored) as { textHash?: unknown; parser?: unknown; value?: unknown }
      if (entry.textHash === textHash && entry.parser === parserKey()) return withLazyPositions(file, text, entry.value)
    } catch {
      // not an entry of ours: parsed again below, and replaced
    }
  }
  const document = parseDocumentText(file, text)
  // A value not to be kept is not stored, so a value read from the cache above was one allowed to be. The entry of
  // this file is removed: an earlier text of it (or a toolgauge before this check) may have left the credential there.
  if (!cacheable(document.value)) {
    if (stored) removeCacheEntry('documents', key)
    return document
  }
  // A value the serializer cannot hold is simply not cached (writeCacheEntry ignores the failure).
  writeCacheEntry('documents', key, () => serialize({ textHash, parser: parserKey(), value: document.value }))
  return document
}

/** How YAML text becomes a value here: a cached value is only reused when it was made the same way. */
const parseOptions = { uniqueKeys: true } as const
const valueOptions = { maxAliasCount: 1000 } as const

/**
 * The parser and options a cached value was made with (the `yaml` version read without loading the parser), and
 * `exact-numbers`: a value cached before numbers were checked (`inexactNumberMessage`) — `hex-octal`: before based ints
 * were, `yaml-1.1-octal`: before a `%YAML 1.1` file's `010` and `1_000` were — is parsed, and checked, again.
 */
function parserKey(): string {
  return `yaml@${yamlVersion()} ${JSON.stringify(parseOptions)} ${JSON.stringify(valueOptions)} exact-numbers hex-octal yaml-1.1-octal`
}

/** A document whose value is already known: positions come from the YAML parser on the first `lineOf`. */
function withLazyPositions(file: string, text: string, value: unknown): SourceDocument {
  let positions: SourceDocument | undefined
  return {
    file,
    value,
    lineOf(path) {
      positions ??= parseDocumentText(file, text)
      return positions.lineOf(path)
    },
  }
}

/**
 * A `.json` file through a JSON parser: the YAML parser keeps a syntax tree of every node, which for a generated
 * 20,000-case suite costs hundreds of MiB and half a minute. Line numbers are only needed for an error message, so
 * the YAML tree is built then, on the first `lineOf`. JSON.parse gives the value (lossless-json builds every
 * string by concatenation: for 20,000 cases, 13 MiB of string pieces kept and three times that in garbage); a
 * repeated key is still an error as with the YAML parser's `uniqueKeys` (lossless-json decides, as before: it
 * rejects one whose values differ); a syntax error is JSON's own, at its line and column.
 */
function parseJsonText(file: string, withBom: string): SourceDocument {
  // A byte-order mark is no syntax error (JSON.parse would reject it; the YAML parser read such files before).
  const text = withBom.charCodeAt(0) === 0xfeff ? withBom.slice(1) : withBom
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw jsonSyntaxError(file, text)
  }
  if (hasRepeatedKey(text)) {
    try {
      value = losslessJsonModule().parse(text, null, (number) => Number(number))
    } catch {
      // A key repeated with another value: the YAML parser's `uniqueKeys` names it at its line.
      return parseDocumentText(file, text)
    }
  }
  const inexact = firstInexactNumber(text)
  if (inexact) throw new InputError(inexactNumberMessage(inexact.token), { file, line: text.slice(0, inexact.index).split('\n').length })
  return withLazyPositions(file, text, value)
}

/**
 * Why a number a file writes is refused: JavaScript would hold it as another number (`12345678901234567891` as
 * 12345678901234567000, `1e400` as Infinity). A model's numbers are judged by their exact text (`core/exact-number.ts`),
 * so an expected value read so could never be met as written, and one the model rounds the same way would pass.
 * Keeping a file's numbers exact through every field that holds values (matchers, schemas, stub results, state,
 * fingerprints, the cache) would cost far more than refusing the few that need it: values of that precision are ids
 * and the like, which a tool takes as strings.
 */
export function inexactNumberMessage(token: string, held = Number(token)): string {
  return `the number ${token} cannot be read exactly: a JavaScript number holds it as ${held}, and toolgauge compares numbers as written; write one a 64-bit float holds (at most 15 significant digits are always safe), or a string if the value is one`
}

/**
 * A `.json` file's syntax error at its line and column. Not through the YAML parser: YAML accepts what JSON does
 * not (a trailing comma, a comment, an unquoted key), so a file every JSON reader rejects would pass. lossless-json
 * says what it expected and where (V8's JSON.parse gives no position for some errors, and quotes the text).
 */
function jsonSyntaxError(file: string, text: string): InputError {
  const { reason, line, column } = jsonSyntaxProblem(text)
  return new InputError(`invalid JSON at line ${line}, column ${column}: ${reason}`, { file, line })
}

/**
 * What is wrong with JSON text that does not parse, and where (1-based line and column), in lossless-json's words:
 * it says what it expected and never quotes the text (V8 quotes it whole, a JSON Lines case of any length).
 */
export function jsonSyntaxProblem(text: string): { readonly reason: string; readonly line: number; readonly column: number } {
  let reason = 'not valid JSON'
  let position = text.length
  try {
    losslessJsonModule().parse(text)
  } catch (error) {
    const message = (error as Error).message
    const at = / at position (\d+)$/.exec(message)
    if (at) position = Number(at[1])
    reason = message.replace(/ at position \d+$/, '')
  }
  const before = text.slice(0, position).split('\n')
  return { reason, line: before.length, column: before.at(-1)!.length + 1 }
}

/** Parses YAML/JSON text already in memory; see readDocument. */
export function parseDocumentText(file: string, text: string): SourceDocument {
  const { LineCounter, parseDocument, isMap, isSeq, isScalar } = yamlModule()
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, prettyErrors: false, ...parseOptions })
  const firstError = document.errors[0]
  if (firstError) {
    const line = firstError.linePos?.[0]?.line ?? lineCounter.linePos(firstError.pos[0]).line
    throw new InputError(`invalid YAML/JSON: ${firstError.message.split('\n')[0]}`, { file, line })
  }
  const inexact = inexactScalar(document)
  if (inexact) throw new InputError(inexactNumberMessage(inexact.source, inexact.value), { file, line: lineOfNode(inexact.node, lineCounter) })
  const value: unknown = document.toJS(valueOptions)
  return {
    file,
    value,
    lineOf(path) {
      let node: unknown = document.contents
      let line: number | undefined = lineOfNode(node as Node | null, lineCounter)
      for (const key of path) {
        if (isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key))
          if (!pair) break
          node = pair.value
          line = lineOfNode(pair.key as Node, lineCounter) ?? line
        } else if (isSeq(node) && typeof key === 'number') {
          node = node.items[key]
          line = lineOfNode(node as Node | null, lineCounter) ?? line
        } else break
      }
      return line
    },
  }
}

// A YAML decimal (`12`, `-1.5e3`, `+.5`; not `0x1f`, `.inf`): the YAML 1.2 core schema's int and float forms.
const yamlDecimal = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
// Its ints in another base (`0x1f`, `0o17`; a `%YAML 1.1` file's `-0x1f`, `0b101` too), which BigInt reads as written.
const yamlBased = /^([-+]?)(0[xob][0-9a-fA-F]+)$/
// A `%YAML 1.1` file's octal int: a leading 0 (`010` is 8; in YAML 1.2 it is 10).
const yaml11Octal = /^([-+]?)0([0-7]+)$/

/**
 * The exact value a number scalar's text writes: its decimal text, or a based int's BigInt; undefined where there are
 * no digits to keep (`.inf`, a `%YAML 1.1` sexagesimal `1:30`). A `%YAML 1.1` file writes `_` between digits (`1_000`).
 */
function writtenValue(source: string, yaml11: boolean): string | bigint | undefined {
  const text = source.replaceAll('_', '')
  const octal = yaml11 ? yaml11Octal.exec(text) : null
  const based = octal ? { sign: octal[1], digits: `0o${octal[2]}` } : basedParts(text)
  if (!based) return yamlDecimal.test(text) ? text : undefined
  const digits = BigInt(based.digits)
  return based.sign === '-' ? -digits : digits
}

function basedParts(text: string): { readonly sign: string | undefined; readonly digits: string } | undefined {
  const match = yamlBased.exec(text)
  return match ? { sign: match[1], digits: match[2]! } : undefined
}

/** Whether a number scalar's value is what its text writes (a based int past 2^53 is rounded too). */
function exactScalar(written: string | bigint | undefined, value: number): boolean {
  if (written === undefined) return true
  if (typeof written === 'string') return roundTrips(written)
  return Number.isFinite(value) && written === BigInt(value)
}

/**
 * The first number scalar whose text JavaScript holds as another number, if any; a `%YAML 1.1` octal with its value
 * (`01000000000000000001` is 18014398509481985 there, not the decimal it looks like).
 */
function inexactScalar(document: ReturnType<ReturnType<typeof yamlModule>['parseDocument']>): { readonly node: Node; readonly source: string; readonly value: number } | undefined {
  const yaml11 = document.schema.name === 'yaml-1.1'
  let found: { node: Node; source: string; value: number } | undefined
  yamlModule().visit(document, {
    Scalar(_key, node) {
      const source = node.source
      if (typeof node.value !== 'number' || source === undefined) return undefined
      const written = writtenValue(source, yaml11)
      if (exactScalar(written, node.value)) return undefined
      const octal = yaml11 && yaml11Octal.test(source.replaceAll('_', ''))
      found = { node, source: octal ? `${source} (a YAML 1.1 octal: ${written})` : source, value: node.value }
      return yamlModule().visit.BREAK
    },
  })
  return found
}

function lineOfNode(node: Node | null | undefined, counter: InstanceType<ReturnType<typeof yamlModule>['LineCounter']>): number | undefined {
  const start = node?.range?.[0]
  return start === undefined ? undefined : counter.linePos(start).line
}
