import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'

/** Writes `report.json` atomically (temp file + rename), so a reader never sees half a report. */
export function writeReport(outDir: string, report: Report): string {
  mkdirSync(outDir, { recursive: true })
  const file = join(outDir, 'report.json')
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`)
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
    throw new InputError(code ? `cannot read report (${code})` : `not valid JSON: ${(error as Error).message}`, { file })
  }
  const report = value as Partial<Report>
  if (typeof report !== 'object' || report === null || typeof report.schemaVersion !== 'number' || !Array.isArray(report.results)) {
    throw new InputError('not a toolgauge report: expected schemaVersion and results[]', { file, field: 'schemaVersion' })
  }
  return report as Report
}
