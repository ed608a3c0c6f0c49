import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Case } from '../core/case.ts'
import { hasRepeatedKey } from '../core/json-repeated-key.ts'
import { jsonArrayRanges, type JsonArrayRanges } from '../io/json-array-ranges.ts'
import { parseDocumentText, type SourceDocument } from '../io/read-document.ts'
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
  if (!sliced) return inMemory(await loadSuite(absolute, { mcp: servers }))
  const { bytes, slices, head } = sliced
  const caseText = (index: number) => bytes.toString('utf8', slices.ranges[2 * index], slices.ranges[2 * index + 1])
  if (!validPieces(absolute, head, slices.count, caseText)) return inMemory(await loadSuite(absolute, { mcp: servers }))

  let whole: SourceDocument | undefined
  // Lines are only needed for an error message: the whole file's YAML tree is built then (as readDocument does).
  const document: SourceDocument = { file: absolute, value: head, lineOf: (path) => (whole ??= parseDocumentText(absolute, bytes.toString('utf8'))).lineOf(path) }
  const { head: suite, buildCase } = await prepareSuite(document, async () => servers)
  const ids = new CaseIds(document)
  for (let index = 0; index < slices.count; index++) {
    const rawCase = JSON.parse(caseText(index)) as Record<string, unknown>
    ids.add(rawCase, index)
    await buildCase(rawCase, index)
  }
  return {
    suite,
    count: slices.count,
    caseAt: (index) => buildCase(JSON.parse(caseText(index)) as Record<string, unknown>, index),
  }
}

/** A suite already loaded whole (YAML, or JSON read the ordinary way). */
function inMemory(loaded: Awaited<ReturnType<typeof loadSuite>>): SuiteSource {
  const { cases, ...suite } = loaded
  return { suite, count: cases.length, caseAt: async (index) => cases[index]! }
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

/**
 * Whether every piece parses, has no repeated key and fits the suite schema: the suite's settings with the first
 * case, then each case under the suite's name. The schema has no rule across cases or between a case and the
 * settings beyond `minItems`, so this accepts exactly what validating the whole document accepts.
 */
function validPieces(file: string, head: Record<string, unknown>, count: number, caseText: (index: number) => string): boolean {
  const check = (value: unknown) => validateSuiteShape({ file, value, lineOf: () => undefined })
  try {
    if (count === 0) {
      check(head)
      return true
    }
    for (let index = 0; index < count; index++) {
      const text = caseText(index)
      if (hasRepeatedKey(text)) return false
      const rawCase = JSON.parse(text) as unknown
      check(index === 0 ? { ...head, cases: [rawCase] } : { name: head.name, cases: [rawCase] })
    }
    return true
  } catch {
    return false
  }
}
