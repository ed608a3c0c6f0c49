import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import type { CaseResult } from '../core/result.ts'

/**
 * The run journal (`results.jsonl`): one JSON line per finished case, appended synchronously as each case
 * finishes, so a crash or Ctrl-C loses nothing already scored and `--resume` can continue from it.
 */
export class Journal {
  constructor(readonly file: string) {}

  /** Starts an empty journal (a fresh run). */
  reset(): void {
    writeFileSync(this.file, '')
  }

  /** Appends one result as a line. */
  append(result: CaseResult): void {
    appendFileSync(this.file, `${JSON.stringify(result)}\n`)
  }

  /** Reads the results already journaled; a torn last line (killed mid-write) is ignored, others must parse. */
  read(): CaseResult[] {
    if (!existsSync(this.file)) return []
    const lines = readFileSync(this.file, 'utf8').split('\n')
    const results: CaseResult[] = []
    lines.forEach((line, index) => {
      if (line.trim() === '') return
      try {
        results.push(JSON.parse(line) as CaseResult)
      } catch {
        if (index < lines.length - 2) throw new InputError('journal line is not valid JSON', { file: this.file, line: index + 1 })
      }
    })
    return results
  }
}

/** The identity of a result within a run: suite, case, model and repeat. */
export function resultKey(result: Pick<CaseResult, 'suite' | 'case' | 'model' | 'repeat'>): string {
  return JSON.stringify([result.suite, result.case, result.model, result.repeat])
}
