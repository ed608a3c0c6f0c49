import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import { unreadableReason } from '../io/read-text.ts'
import type { CaseResult } from '../core/result.ts'
import { caseKey } from '../core/case-key.ts'
import { checkStoredResult } from './stored-result.ts'

/** A report whose results are read as a stream (from the journal) instead of held in memory. */
export type StreamedReport = {
  readonly schemaVersion: Report['schemaVersion']
  readonly run: Report['run']
  readonly toolSets?: Report['toolSets']
  readonly summary: Report['summary']
  readonly [extension: string]: unknown
  /** A fresh pass over the results, in report order, each call. */
  readonly eachResult: () => Iterable<CaseResult>
  /** The same results as JSON text (journal lines), when the source has them: report.json copies them as they are. */
  readonly eachResultJson?: () => Iterable<string>
}

/** A report read as a stream, whether its results are in memory (a Report) or in a journal (a StreamedReport). */
export function streamOf(report: Report | StreamedReport): StreamedReport {
  if ('eachResult' in report && typeof report.eachResult === 'function') return report as StreamedReport
  const { results, ...rest } = report as Report
  // Results of one case side by side (runner and merge write them so; hand-built reports may not), so readers can
  // group a case's results as they stream by.
  const firstSeen = new Map<string, number>()
  for (const r of results) if (!firstSeen.has(caseKey(r))) firstSeen.set(caseKey(r), firstSeen.size)
  const grouped = [...results].sort((a, b) => firstSeen.get(caseKey(a))! - firstSeen.get(caseKey(b))!)
  return { ...rest, eachResult: () => grouped }
}

/** Writes `report.json` atomically (temp file + rename), so a reader never sees half a report. */
export function writeReport(outDir: string, report: Report): string {
  const { results, ...rest } = report
  return writeStreamedReport(outDir, { ...rest, eachResult: () => results })
}

/**
 * Writes `report.json` from a stream of results: the run, summary and gates indented, then `results` with one
 * result per line, in chunks — never the whole report as one string. Atomic (temp file + rename).
 */
export function writeStreamedReport(outDir: string, report: StreamedReport): string {
  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, 'report.json')
  const temporary = `${file}.${process.pid}.tmp`
  const { eachResult, eachResultJson, ...header } = report
  const lines = eachResultJson ?? function* () {
    for (const result of eachResult()) yield JSON.stringify(result)
  }
  const out = new ChunkedWriter(temporary)
  try {
    // The header as indented JSON, its closing brace replaced by the results array.
    const head = JSON.stringify(header, null, 2)
    out.write(`${head.slice(0, head.lastIndexOf('}')).replace(/\s*$/, '')},\n  "results": [`)
    let first = true
    for (const line of lines()) {
      out.write(`${first ? '\n' : ',\n'}    ${line}`)
      first = false
    }
    out.write(first ? ']\n}\n' : '\n  ]\n}\n')
  } finally {
    out.close()
  }
  renameSync(temporary, file)
  return file
}

/** Reads a report.json, checking it looks like one; problems are InputErrors naming the file. */
export function readReport(file: string): Report {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new InputError(code ? unreadableReason(file, error, 'report') : `not valid JSON: ${(error as Error).message}`, { file })
  }
  const report = value as Partial<Report>
  if (typeof report !== 'object' || report === null || typeof report.schemaVersion !== 'number' || !Array.isArray(report.results)) {
    throw new InputError('not a toolgauge report: expected schemaVersion and results[]', { file, field: 'schemaVersion' })
  }
  const run = report.run as Partial<Report['run']> | undefined
  if (typeof run !== 'object' || run === null || !Array.isArray(run.models) || !Array.isArray(run.suites)) {
    throw new InputError('not a toolgauge report: expected run with models[] and suites[]', { file, field: 'run' })
  }
  if (!Array.isArray(report.summary)) throw new InputError('not a toolgauge report: expected summary[]', { file, field: 'summary' })
  // Every output reads each result's stored verdict: a damaged one is named here, not misread there.
  for (const [index, result] of report.results.entries()) checkStoredResult(result, { file, field: `results[${index}]` })
  return report as Report
}

// Writes of 64 Ki characters: the joined text stays a young-generation string. At 1 MiB each joined string (and its
// encoded copy) is a large object that only a full collection frees — ~6 MiB more peak RSS writing a 20,000-case report.
const flushChars = 1 << 16

/** Buffers small writes into ~64 KiB synchronous writes. */
export class ChunkedWriter {
  private readonly fd: number
  private parts: string[] = []
  private pending = 0

  constructor(file: string) {
    this.fd = openSync(file, 'w')
  }

  write(text: string): void {
    this.parts.push(text)
    this.pending += text.length
    if (this.pending >= flushChars) this.flush()
  }

  flush(): void {
    if (this.parts.length === 0) return
    writeSync(this.fd, this.parts.join(''))
    this.parts = []
    this.pending = 0
  }

  close(): void {
    this.flush()
    closeSync(this.fd)
  }
}
