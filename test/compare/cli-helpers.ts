import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CaseResult } from '../../src/core/result.ts'
import { reportOf } from '../report/sample-report.ts'

/** Writes a report of these results to a fresh temp file and returns its path. */
export function writeReportFile(results: readonly CaseResult[], name = 'report.json'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgauge-cmp-')), name)
  writeFileSync(file, JSON.stringify(reportOf(results)))
  return file
}

/** Runs the CLI in-process, capturing stdout and stderr. */
export { runMain as runCli } from '../helpers/cli.ts'
