import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import type { CaseResult } from '../core/result.ts'
import { checkStoredResult } from './stored-result.ts'

/** Where one result's line sits in the journal file (bytes). */
export type JournalPosition = { readonly offset: number; readonly length: number }

/** One line read back: the result and where it sits. */
export type JournalEntry = JournalPosition & { readonly result: CaseResult }

// Lines are read in chunks of this size: the journal is streamed, never read whole.
const chunkSize = 1 << 20
// The read-ahead window of readLineAt.
const windowSize = 1 << 20
// Pending journal lines are written at the latest when they reach this size.
const flushBytes = 1 << 16
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
  /** Bytes in the file once pending lines are written, and bytes actually written. */
  private size = 0
  private written = 0
  private pending: string[] = []
  private pendingBytes = 0
  private window = { start: 0, data: Buffer.alloc(0) }
  // One buffer each for writing and for the read-ahead window, reused: a fresh Buffer per flush or window is memory
  // outside the JavaScript heap that only a garbage collection frees (tens of MiB over a 20,000-case run).
  private writeBuffer = Buffer.alloc(0)
  private readBuffer = Buffer.alloc(0)
  /** Set by `close()`: a closed journal takes no more lines (`reset` or `openForAppend` open it again). */
  private closed = false

  constructor(readonly file: string) {}

  /** Starts an empty journal (a fresh run). */
  reset(): void {
    this.closeHandles()
    this.closed = false
    this.writer = openSync(this.file, 'w')
    this.size = this.written = 0
  }

  /**
   * Opens an existing journal for appending. A torn last line (the writer died mid-line) is cut off first, so
   * the next line does not glue onto it; a complete last line that only lacks its newline gets one.
   * @returns what was done to the tail
   */
  openForAppend(): 'intact' | 'truncated' | 'newline-added' {
    this.closeHandles()
    this.closed = false
    this.writer = openSync(this.file, existsSync(this.file) ? 'r+' : 'w+')
    const size = fstatSync(this.writer).size
    this.size = this.written = size
    const tail = lastLineStart(this.writer, size)
    if (tail === size) return 'intact'
    const buffer = Buffer.alloc(size - tail)
    readSync(this.writer, buffer, 0, buffer.length, tail)
    if (parses(buffer.toString('utf8'))) {
      writeSync(this.writer, '\n', size)
      this.size = this.written = size + 1
      return 'newline-added'
    }
    ftruncateSync(this.writer, tail)
    this.size = this.written = tail
    return 'truncated'
  }

  /**
   * Appends one result as a line and returns where it went. Lines finished in the same turn of the event loop are
   * written together, right after it (one system call instead of one per result); `flush()` writes them now.
   * A closed journal refuses the line (an Error): what comes after close — a case finishing after the run ended —
   * is never written behind the back of whatever ended it.
   */
  append(result: CaseResult): JournalPosition {
    if (this.closed) throw new Error(`${this.file} is closed: no line is appended after close`)
    if (this.writer === undefined) this.openForAppend()
    const line = `${JSON.stringify(result)}\n`
    const length = Buffer.byteLength(line) - 1
    const position = { offset: this.size, length }
    this.size += length + 1
    this.pending.push(line)
    this.pendingBytes += length + 1
    // A run whose model answers at once never yields to the event loop: write by size too, not only per turn.
    if (this.pendingBytes >= flushBytes) this.flush()
    else if (this.pending.length === 1) setImmediate(() => this.flush())
    return position
  }

  flush(): void {
    if (this.pending.length === 0 || this.writer === undefined) return
    const text = this.pending.join('')
    this.pending = []
    this.pendingBytes = 0
    const length = Buffer.byteLength(text)
    if (this.writeBuffer.length < length) this.writeBuffer = Buffer.allocUnsafe(Math.max(length, flushBytes * 2))
    this.writeBuffer.write(text, 0, length, 'utf8')
    writeSync(this.writer, this.writeBuffer, 0, length, this.written)
    this.written += length
  }

  /** Reads the result at a position (written by this run or found by `entries()`). */
  readAt(position: JournalPosition): CaseResult {
    return JSON.parse(this.readLineAt(position)) as CaseResult
  }

  /**
   * The JSON text of the line at a position, through a read-ahead window: the report reads results in plan order,
   * which is nearly the order they finished in, so most reads come from the window already in memory.
   */
  readLineAt(position: JournalPosition): string {
    this.flush()
    const { offset, length } = position
    if (offset < this.window.start || offset + length > this.window.start + this.window.data.length) {
      this.reader ??= openSync(this.file, 'r')
      if (this.readBuffer.length < Math.max(windowSize, length)) this.readBuffer = Buffer.allocUnsafe(Math.max(windowSize, length))
      const read = readSync(this.reader, this.readBuffer, 0, this.readBuffer.length, offset)
      this.window = { start: offset, data: this.readBuffer.subarray(0, read) }
    }
    const start = offset - this.window.start
    return this.window.data.toString('utf8', start, start + length)
  }

  /**
   * Streams the journaled results with their positions, line by line. A torn last line (killed mid-write) is
   * skipped (`openForAppend` cuts it off); any other line that does not parse is an InputError naming the line.
   */
  *entries(): Generator<JournalEntry> {
    this.flush()
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

  /** Writes what is pending and closes the file handles; later appends are refused. Reading stays possible. */
  close(): void {
    this.closeHandles()
    this.closed = true
  }

  private closeHandles(): void {
    this.flush()
    this.window = { start: 0, data: Buffer.alloc(0) }
    this.writeBuffer = Buffer.alloc(0)
    this.readBuffer = Buffer.alloc(0)
    if (this.writer !== undefined) closeSync(this.writer)
    if (this.reader !== undefined) closeSync(this.reader)
    this.writer = undefined
    this.reader = undefined
  }

  private parseLine(data: Buffer, start: number, end: number, base: number, line: number, last: boolean): JournalEntry | undefined {
    const text = data.toString('utf8', start, end)
    if (text.trim() === '') return undefined
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      if (last) return undefined
      throw new InputError('journal line is not valid JSON', { file: this.file, line })
    }
    // --resume keeps a line by its stored verdict: one that is no result, or contradicts its failures, is named here.
    checkStoredResult(value, { file: this.file, line })
    return { result: value, offset: base + start, length: end - start }
  }
}

/** The identity of a result within a run: suite, case, model and repeat. */
export function resultKey(result: Pick<CaseResult, 'suite' | 'case' | 'model' | 'repeat' | 'variant'>): string {
  return JSON.stringify([result.suite, result.case, result.model, result.repeat, ...(result.variant !== undefined ? [result.variant] : [])])
}

/** The byte offset where the file's last line starts (the size itself when the file is empty or ends with a newline). */
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
