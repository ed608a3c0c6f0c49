import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { InputError } from '../core/errors.ts'
import { cannotRead } from './read-text.ts'

/** One line of a text file: its 1-based number and its text, without the line break. */
export type TextLine = { readonly line: number; readonly text: string }

/** What a file looked like when it was first read: a later read of a changed file is an error, not other data. */
export type FileStamp = { readonly size: number; readonly mtimeMs: number }

/** The stamp of a file now; an unreadable file is an InputError naming it. */
export function fileStamp(file: string): FileStamp {
  return withFile(file, (fd) => stampOf(fd))
}

/**
 * The lines of a text file, read forward a chunk at a time: only the chunk being read is in memory, whatever the
 * size of the file. Each chunk is read through a descriptor opened for it, after checking the file still has
 * `stamp`, so a reader needs no closing.
 */
export class LineReader {
  private readonly decoder = new StringDecoder('utf8')
  private lines: string[] = []
  private taken = 0
  private partial = ''
  private position = 0
  private number = 0
  private ended = false

  constructor(readonly file: string, private readonly stamp: FileStamp) {}

  /** The next line, or undefined after the last (a final line break does not start an empty line). */
  next(): TextLine | undefined {
    while (this.taken === this.lines.length) {
      if (this.ended) return undefined
      this.readChunk()
    }
    const text = this.lines[this.taken++]!
    return { line: ++this.number, text: text.endsWith('\r') ? text.slice(0, -1) : text }
  }

  private readChunk(): void {
    const chunk = Buffer.allocUnsafe(chunkBytes)
    const length = withFile(this.file, (fd) => {
      const now = stampOf(fd)
      if (now.size !== this.stamp.size || now.mtimeMs !== this.stamp.mtimeMs) {
        throw new InputError('the file changed after it was checked; run again on the finished file', { file: this.file })
      }
      return readSync(fd, chunk, 0, chunkBytes, this.position)
    })
    this.position += length
    let text = this.partial + this.decoder.write(chunk.subarray(0, length))
    if (length === 0) {
      this.ended = true
      text += this.decoder.end()
      this.lines = text.length > 0 ? [text] : []
      this.partial = ''
    } else {
      this.lines = text.split('\n')
      this.partial = this.lines.pop()!
    }
    this.taken = 0
  }
}

const chunkBytes = 1 << 16

function stampOf(fd: number): FileStamp {
  const { size, mtimeMs } = fstatSync(fd)
  return { size, mtimeMs }
}

function withFile<T>(file: string, use: (fd: number) => T): T {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch (error) {
    throw cannotRead(file, error)
  }
  try {
    return use(fd)
  } finally {
    closeSync(fd)
  }
}
