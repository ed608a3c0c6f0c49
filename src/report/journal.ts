import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import type { CaseResult } from '../core/result.ts'

/** Where one result's line sits in the journal file (bytes). */
export type JournalPosition = { readonly offset: number; readonly length: number }

/** One line read back: the result and where it sits. */
export type JournalEntry = JournalPosition & { readonly result: CaseResult }

// Lines are read in chunks of this size: the journal is streamed, never read whole.
const chunkSize = 1 << 20
const newline = 0x0a

/**
 * The run journal (`results.jsonl`): one JSON line per finished case, written synchronously as each case
 * finishes, so a crash or Ctrl-C loses nothing already scored and `--resume` can continue from it. The runner
 * keeps only each result's position and reads results back from here (report.json, HTML, JUnit), so memory
 * does not grow with transcripts.
 */
export class Journal {
  private writer: number | undefined
  private reader: number | undefined
  private size = 0

  constructor(readonly file: string) {}

  /** Starts an empty journal (a fresh run). */
  reset(): void {
    this.close()
    this.writer = openSync(this.file, 'w')
    this.size = 0
  }

  /**
   * Opens an existing journal for appending. A torn last line (the writer died mid-line) is cut off first, so
   * the next line does not glue onto it; a complete last line that only lacks its newline gets one.
   * @returns what was done to the tail
   */
  openForAppend(): 'intact' | 'truncated' | 'newline-added' {
    this.close()
    this.writer = openSync(this.file, existsSync(this.file) ? 'r+' : 'w+')
    const size = fstatSync(this.writer).size
    this.size = size
    if (size === 0) return 'intact'
    const tail = lastLineStart(this.writer, size)
    if (tail === size) return 'intact'
    const buffer = Buffer.alloc(size - tail)
    readSync(this.writer, buffer, 0, buffer.length, tail)
    if (parses(buffer.toString('utf8'))) {
      writeSync(this.writer, '\n', size)
      this.size = size + 1
      return 'newline-added'
    }
    ftruncateSync(this.writer, tail)
    this.size = tail
    return 'truncated'
  }

  /** Appends one result as a line and returns where it went. */
  append(result: CaseResult): JournalPosition {
    if (this.writer === undefined) this.openForAppend()
    const line = Buffer.from(`${JSON.stringify(result)}\n`)
    writeSync(this.writer!, line, 0, line.length, this.size)
    const position = { offset: this.size, length: line.length - 1 }
    this.size += line.length
    return position
  }

  /** Reads the result at a position (written by this run or found by `entries()`). */
  readAt(position: JournalPosition): CaseResult {
    this.reader ??= openSync(this.file, 'r')
    const buffer = Buffer.alloc(position.length)
    readSync(this.reader, buffer, 0, position.length, position.offset)
    return JSON.parse(buffer.toString('utf8')) as CaseResult
  }

  /**
   * Streams the journaled results with their positions, line by line. A torn last line (killed mid-write) is
   * skipped (`openForAppend` cuts it off); any other line that does not parse is an InputError naming the line.
   */
  *entries(): Generator<JournalEntry> {
    if (!existsSync(this.file)) return
    const fd = openSync(this.file, 'r')
    try {
      const size = fstatSync(fd).size
      let pending = Buffer.alloc(0)
      let pendingOffset = 0
      let lineNumber = 0
      for (let position = 0; position < size; position += chunkSize) {
        const chunk = Buffer.alloc(Math.min(chunkSize, size - position))
        readSync(fd, chunk, 0, chunk.length, position)
        const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk
        let start = 0
        for (let end = data.indexOf(newline); end !== -1; end = data.indexOf(newline, start)) {
          lineNumber++
          const entry = this.parseLine(data, start, end, pendingOffset, lineNumber, false)
          if (entry) yield entry
          start = end + 1
        }
        pendingOffset += start
        pending = data.subarray(start)
      }
      if (pending.length > 0) {
        const entry = this.parseLine(pending, 0, pending.length, pendingOffset, lineNumber + 1, true)
        if (entry) yield entry
      }
    } finally {
      closeSync(fd)
    }
  }

  /** Reads every journaled result (small journals and tests; the runner streams `entries()`). */
  read(): CaseResult[] {
    return [...this.entries()].map((entry) => entry.result)
  }

  /** Closes the file handles. */
  close(): void {
    if (this.writer !== undefined) closeSync(this.writer)
    if (this.reader !== undefined) closeSync(this.reader)
    this.writer = undefined
    this.reader = undefined
  }

  private parseLine(data: Buffer, start: number, end: number, base: number, line: number, last: boolean): JournalEntry | undefined {
    const text = data.toString('utf8', start, end)
    if (text.trim() === '') return undefined
    try {
      return { result: JSON.parse(text) as CaseResult, offset: base + start, length: end - start }
    } catch {
      if (last) return undefined
      throw new InputError('journal line is not valid JSON', { file: this.file, line })
    }
  }
}

/** The identity of a result within a run: suite, case, model and repeat. */
export function resultKey(result: Pick<CaseResult, 'suite' | 'case' | 'model' | 'repeat'>): string {
  return JSON.stringify([result.suite, result.case, result.model, result.repeat])
}

/** The byte offset where the file's last line starts (the size itself when the file ends with a newline). */
function lastLineStart(fd: number, size: number): number {
  const buffer = Buffer.alloc(Math.min(chunkSize, size))
  for (let end = size; end > 0; end -= buffer.length) {
    const start = Math.max(0, end - buffer.length)
    readSync(fd, buffer, 0, end - start, start)
    const index = buffer.subarray(0, end - start).lastIndexOf(newline)
    if (index !== -1) return start + index + 1
  }
  return 0
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
