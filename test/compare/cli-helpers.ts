import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vi } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { main } from '../../src/cli/main.ts'
import { reportOf } from '../report/sample-report.ts'

/** Writes a report of these results to a fresh temp file and returns its path. */
export function writeReportFile(results: readonly CaseResult[], name = 'report.json'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgauge-cmp-')), name)
  writeFileSync(file, JSON.stringify(reportOf(results)))
  return file
}

/** Runs the CLI in-process, capturing stdout and stderr. */
export async function runCli(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => { stdout += String(chunk); return true })
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { stderr += String(chunk); return true })
  try {
    const code = await main(argv)
    return { code, stdout, stderr }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}
