import { createHash } from 'node:crypto'
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { InputError } from '../core/errors.ts'
import { noteRead } from './files-read.ts'
import { cannotRead } from './read-text.ts'

/** One line of a text file: its 1-based number and its text, without the line break. */
export type TextLine = { readonly line: number; readonly text: string }

/**
 * What a file looked like when it was first read — its size, its modification time and a digest of each chunk read,
 * by position (the first reader records them) —: a later read of a changed file is an error, not other data.
 */
export type FileStamp = { readonly size: number; readonly mtimeMs: number; readonly chunks: Map<number, string> }

/** The stamp of a file now, its chunks not yet read; an unreadable file is an InputError naming it. */
export function fileStamp(file: string): FileStamp {
  return withFile(file, (fd) => ({ ...stampOf(fd), chunks: new Map<number, string>() }))
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
      if (now.size !== this.stamp.size || now.mtimeMs !== this.stamp.mtimeMs) throw changed(this.file)
      return readSync(fd, chunk, 0, chunkBytes, this.position)
    })
    // A rewrite can keep both size and time (within one tick of the file system's clock, or by cp -p): the bytes are
    // compared too. Chunks start at the same positions on every read, the end included (an empty chunk).
    const digest = createHash('sha256').update(chunk.subarray(0, length)).digest('base64')
    const first = this.stamp.chunks.get(this.position)
    if (first === undefined) this.stamp.chunks.set(this.position, digest)
    else if (first !== digest) throw changed(this.file)
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

function changed(file: string): InputError {
  return new InputError('the file changed after it was checked; run again on the finished file', { file })
}

function stampOf(fd: number): Omit<FileStamp, 'chunks'> {
  const { size, mtimeMs } = fstatSync(fd)
  return { size, mtimeMs }
}

function withFile<T>(file: string, use: (fd: number) => T): T {
  noteRead(file)
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
