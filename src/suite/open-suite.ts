import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import { jsonArrayRanges, type JsonArrayRanges } from '../io/json-array-ranges.ts'
import { parseDocumentText, readDocument, type SourceDocument } from '../io/read-document.ts'
import type { McpServers } from '../mcp/mcp-servers.ts'
import { validateSuiteShape } from '../schema/validate-document.ts'
import { CaseIds, loadSuite, prepareSuite, type SuiteHead } from './load-suite.ts'

/**
 * A suite opened for a run: its settings, and its cases built one at a time. Checked whole when opened — every
 * case validated and built once, so bad input is still an InputError (file, line, field) before any model call —
 * but a `.json` suite then keeps only its file's bytes and each case's byte range, and `caseAt` parses and builds
 * the case again from its slice with the same function as `loadSuite`, giving an equal `Case`. A 20,000-case suite
 * is a few MiB of text instead of ~12 MiB of Case objects, and its parsed tree never stands whole.
 */
export type SuiteSource = {
  readonly suite: SuiteHead
  /** The number of cases in the file. */
  readonly count: number
  /** Every case exposes the suite's whole tool list (none names a `tools:` subset): `suite.tools` itself. */
  readonly sharesTools: boolean
  /** Case `index`, as `loadSuite(file).cases[index]` (a new object per call for a `.json` suite). */
  caseAt(index: number): Promise<Case>
}

/**
 * Opens a suite for a run (the runner's form of `loadSuite`). YAML suites, and JSON that is not a plain object with
 * one `cases` array of valid pieces (a repeated key, a syntax error, a schema error), are loaded by `loadSuite`
 * itself: same value, same first error.
 */
export async function openSuite(file: string, servers: McpServers): Promise<SuiteSource> {
  const absolute = resolve(file)
  const sliced = absolute.toLowerCase().endsWith('.json') ? readSlices(absolute) : undefined
  const whole = async () => inMemory(await loadSuite(absolute, { mcp: servers }))
  if (!sliced) return whole()
  const { bytes, slices, head } = sliced
  const caseText = (index: number) => bytes.toString('utf8', slices.ranges[2 * index], slices.ranges[2 * index + 1])
  const readCase = (index: number) => parsedOnce(caseText(index), slices.keys[index]!)
  const fits = (value: unknown) => fitsSchema(absolute, value)
  // The settings are checked with the first case (`cases` needs one); each further case under the suite's name. The
  // schema has no rule across cases, or between a case and the settings beyond that, so this accepts what
  // validating the whole document accepts.
  const first = slices.count > 0 ? readCase(0) : undefined
  if (!first || !fits({ ...head, cases: [first] })) return whole()

  let tree: SourceDocument | undefined
  // Lines are only needed for an error message: the whole file's YAML tree is built then (as readDocument does).
  const document: SourceDocument = { file: absolute, value: head, lineOf: (path) => (tree ??= parseDocumentText(absolute, bytes.toString('utf8'))).lineOf(path) }
  const { head: suite, buildCase } = await prepareSuite(document, async () => servers).catch(schemaErrorFirst(absolute))
  const ids = new CaseIds(document)
  let sharesTools = true
  for (let index = 0; index < slices.count; index++) {
    const rawCase = index === 0 ? first : readCase(index)
    // Not valid JSON, or a repeated key: readDocument decides (lossless-json accepts a key repeated with one value).
    if (!rawCase) return whole()
    if (index > 0 && !fits({ name: head.name, cases: [rawCase] })) schemaErrorFirst(absolute)(undefined)
    try {
      ids.add(rawCase, index)
      if ((await buildCase(rawCase, index)).tools !== suite.tools) sharesTools = false
    } catch (error) {
      schemaErrorFirst(absolute)(error)
    }
  }
  return {
    suite,
    count: slices.count,
    sharesTools,
    caseAt: (index) => buildCase(JSON.parse(caseText(index)) as Record<string, unknown>, index),
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
  return { suite, count: cases.length, sharesTools: cases.every((testCase) => testCase.tools === suite.tools), caseAt: async (index) => cases[index]! }
}

type Sliced = { readonly bytes: Buffer; readonly slices: JsonArrayRanges; readonly head: Record<string, unknown> }

/** The file's bytes, its cases' ranges and the rest of the suite parsed (with `cases: []`); undefined when not so shaped. */
function readSlices(file: string): Sliced | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  const slices = jsonArrayRanges(bytes, 'cases')
  if (!slices) return undefined
  const headText = `${bytes.toString('utf8', 0, slices.arrayStart)}[]${bytes.toString('utf8', slices.arrayEnd)}`
  try {
    // A repeated key is judged by readDocument's strict parse (lossless-json): the whole file goes that way.
    if (hasRepeatedKey(headText)) return undefined
    const head = JSON.parse(headText) as unknown
    return typeof head === 'object' && head !== null && !Array.isArray(head) ? { bytes, slices, head: head as Record<string, unknown> } : undefined
  } catch {
    return undefined
  }
}
