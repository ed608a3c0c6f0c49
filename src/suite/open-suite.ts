import { closeSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import { FileSlices } from '../io/file-slices.ts'
import { jsonArrayRanges, type JsonArrayRanges } from '../io/json-array-ranges.ts'
import { parseDocumentText, readDocument, type SourceDocument } from '../io/read-document.ts'
import type { McpServers } from '../mcp/mcp-servers.ts'
import { validateSuiteShape } from '../schema/validate-document.ts'
import { CaseIds, loadSuite, prepareSuite, type SuiteHead } from './load-suite.ts'

/**
 * A suite opened for a run: its settings, and its cases built one at a time. Checked whole when opened — every
 * case validated and built once, so bad input is still an InputError (file, line, field) before any model call —
 * but a `.json` suite then keeps only each case's byte range in the file (held open: io/file-slices.ts), and
 * `caseAt` reads, parses and builds the case again from its slice with the same function as `loadSuite`, giving
 * an equal `Case`. A 20,000-case suite costs 240 KB instead of ~12 MiB of Case objects, and its parsed tree never
 * stands whole.
 */
export type SuiteSource = {
  readonly suite: SuiteHead
  /** The number of cases in the file. */
  readonly count: number
  /** Every case exposes the suite's whole tool list (none names a `tools:` subset): `suite.tools` itself. */
  readonly sharesTools: boolean
  /** Case `index`, as `loadSuite(file).cases[index]` (a new object per call for a `.json` suite). */
  caseAt(index: number): Promise<Case>
  /** Releases the file; `caseAt` fails after. */
  close(): void
}

/**
 * Opens a suite for a run (the runner's form of `loadSuite`). YAML suites, and JSON that is not a plain object with
 * one `cases` array of valid pieces (a repeated key, a syntax error, a schema error), are loaded by `loadSuite`
 * itself: same value, same first error.
 */
export async function openSuite(file: string, servers: McpServers): Promise<SuiteSource> {
  const absolute = resolve(file)
  const sliced = absolute.toLowerCase().endsWith('.json') ? readSlices(absolute) : undefined
  if (!sliced) return inMemory(await loadSuite(absolute, { mcp: servers }))
  const { fd, slices, head } = sliced
  // The text is kept while the suite is checked; afterwards each case is read back from its range.
  let bytes: Buffer | undefined = sliced.bytes
  const caseText = (index: number) => bytes!.toString('utf8', slices.ranges[2 * index], slices.ranges[2 * index + 1])
  const readCase = (index: number) => parsedOnce(caseText(index), slices.keys[index]!)
  const whole = async () => {
    closeSync(fd)
    return inMemory(await loadSuite(absolute, { mcp: servers }))
  }
  const fits = (value: unknown) => fitsSchema(absolute, value)
  // The settings are checked with the first case (`cases` needs one); each further case under the suite's name. The
  // schema has no rule across cases, or between a case and the settings beyond that, so this accepts what
  // validating the whole document accepts.
  const first = slices.count > 0 ? readCase(0) : undefined
  if (!first || !fits({ ...head, cases: [first] })) return whole()

  let tree: SourceDocument | undefined
  // Lines are only needed for an error message: the whole file's YAML tree is built then (as readDocument does).
  const document: SourceDocument = { file: absolute, value: head, lineOf: (path) => (tree ??= parseDocumentText(absolute, (bytes ?? readFileSync(absolute)).toString('utf8'))).lineOf(path) }
  const failed = (error: unknown): never => {
    closeSync(fd)
    return schemaErrorFirst(absolute)(error)
  }
  const { head: suite, buildCase } = await prepareSuite(document, async () => servers).catch(failed)
  const ids = new CaseIds(document)
  let sharesTools = true
  for (let index = 0; index < slices.count; index++) {
    const rawCase = index === 0 ? first : readCase(index)
    // Not valid JSON, or a repeated key: readDocument decides (lossless-json accepts a key repeated with one value).
    // The settings are then resolved again (an MCP server of the suite starts twice: a rare file, not worth a pass).
    if (!rawCase) return whole()
    if (index > 0 && !fits({ name: head.name, cases: [rawCase] })) failed(undefined)
    try {
      ids.add(rawCase, index)
      if ((await buildCase(rawCase, index)).tools !== suite.tools) sharesTools = false
    } catch (error) {
      failed(error)
    }
  }
  const source = new FileSlices(fd, absolute, bytes, slices.ranges, (index) => `cases.${index}`)
  bytes = undefined
  return {
    suite,
    count: slices.count,
    sharesTools,
    // The slice's bytes are the ones checked above (FileSlices compares their hash), so its checks are not redone.
    caseAt: async (index) => buildCase(JSON.parse(source.text(index)) as Record<string, unknown>, index, true),
    close: () => source.close(),
  }
}

/**
 * Throws the error `loadSuite` would report first: it validates the whole file before resolving anything, so a
 * schema error anywhere in the file comes before a problem met while building (a tools file, a case's reference).
 */
function schemaErrorFirst(file: string): (error: unknown) => never {
  return (error) => {
    validateSuiteShape(readDocument(file))
    throw error ?? new InputError('does not match the suite schema', { file })
  }
}

/** The value of a piece of JSON, or undefined when it does not parse or names a key twice in one object. */
function parsedOnce(text: string, keys: number): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown
    // JSON.parse keeps one value of a repeated key: fewer keys parsed than the scan counted means one was repeated.
    return keyCount(value) === keys ? value as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

/** The number of object keys in a parsed JSON value, nested ones included. */
function keyCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  let count = 0
  if (Array.isArray(value)) {
    for (const item of value) count += keyCount(item)
    return count
  }
  for (const key in value) count += 1 + keyCount((value as Record<string, unknown>)[key])
  return count
}

function fitsSchema(file: string, value: unknown): boolean {
  try {
    validateSuiteShape({ file, value, lineOf: () => undefined })
    return true
  } catch {
    return false
  }
}

/** A suite already loaded whole (YAML, or JSON read the ordinary way). */
function inMemory(loaded: Awaited<ReturnType<typeof loadSuite>>): SuiteSource {
  const { cases, ...suite } = loaded
  return { suite, count: cases.length, sharesTools: cases.every((testCase) => testCase.tools === suite.tools), caseAt: async (index) => cases[index]!, close: () => {} }
}

type Sliced = { readonly fd: number; readonly bytes: Buffer; readonly slices: JsonArrayRanges; readonly head: Record<string, unknown> }

/**
 * The file (open, and its bytes), its cases' ranges and the rest of the suite parsed (with `cases: []`); undefined
 * when it cannot be read or is not so shaped (then closed).
 */
function readSlices(file: string): Sliced | undefined {
  let read: { fd: number; bytes: Buffer }
  try {
    read = FileSlices.read(file)
  } catch {
    return undefined
  }
  const { fd, bytes } = read
  const slices = jsonArrayRanges(bytes, 'cases')
  const headText = slices ? `${bytes.toString('utf8', 0, slices.arrayStart)}[]${bytes.toString('utf8', slices.arrayEnd)}` : undefined
  try {
    // A repeated key is judged by readDocument's strict parse (lossless-json): the whole file goes that way.
    const head = slices && headText && !hasRepeatedKey(headText) ? JSON.parse(headText) as unknown : undefined
    if (slices && typeof head === 'object' && head !== null && !Array.isArray(head)) return { fd, bytes, slices, head: head as Record<string, unknown> }
  } catch {
    // Not JSON: readDocument reports where.
  }
  closeSync(fd)
  return undefined
}
