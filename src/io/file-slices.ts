import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { InputError } from '../core/errors.ts'
import { fnv1a } from '../core/fnv1a.ts'

/**
 * Byte ranges of a file read back on demand through a descriptor held open, each checked against a hash of what
 * it held when first read: the file's text is not kept in memory (a 20,000-case suite's slices cost 12 bytes
 * each), and a slice is never silently different from the one that was checked. A file replaced by a new one
 * (an editor's save-by-rename, a `git checkout`) still reads as it was through the open descriptor; one rewritten
 * in place is an InputError naming the slice.
 */
export class FileSlices {
  private readonly hashes: Uint32Array
  /** A read-ahead window of the file (`windowBytes`): slices are mostly asked for in order, so most come from it. */
  private window = Buffer.alloc(0)
  private windowStart = 0
  private windowLength = 0

  /**
   * @param fd a descriptor open on the file, now owned by this object (`close` closes it)
   * @param bytes the file's content as read through `fd`, to hash each range of
   * @param ranges start and end of slice i at `2i` and `2i + 1`
   * @param describe how an error names slice i (its field)
   */
  constructor(
    private readonly fd: number,
    readonly file: string,
    bytes: Uint8Array,
    private readonly ranges: Uint32Array,
    private readonly describe: (index: number) => string,
  ) {
    this.hashes = new Uint32Array(ranges.length / 2)
    for (let index = 0; index < this.hashes.length; index++) this.hashes[index] = fnv1a(bytes, ranges[2 * index]!, ranges[2 * index + 1]!)
  }

  /** Opens a file and reads it whole through the descriptor the slices will be read from. */
  static read(file: string): { fd: number; bytes: Buffer } {
    const fd = openSync(file, 'r')
    try {
      return { fd, bytes: readFileSync(fd) }
    } catch (error) {
      closeSync(fd)
      throw error
    }
  }

  /** The number of slices. */
  get count(): number {
    return this.hashes.length
  }

  /** The text of slice `index`, as it was when first read. */
  text(index: number): string {
    const start = this.ranges[2 * index]!
    const end = this.ranges[2 * index + 1]!
    if (start < this.windowStart || end > this.windowStart + this.windowLength) {
      if (this.window.length < end - start) this.window = Buffer.allocUnsafe(Math.max(end - start, windowBytes))
      else if (this.window.length === 0) this.window = Buffer.allocUnsafe(windowBytes)
      this.windowStart = start
      this.windowLength = readSync(this.fd, this.window, 0, this.window.length, start)
    }
    const from = start - this.windowStart
    const to = end - this.windowStart
    if (to > this.windowLength || fnv1a(this.window, from, to) !== this.hashes[index]) {
      throw new InputError(`the file changed while it was in use: ${this.describe(index)} is no longer what was checked when it was opened`, { file: this.file, field: this.describe(index) })
    }
    return this.window.toString('utf8', from, to)
  }

  /** Closes the descriptor. */
  close(): void {
    closeSync(this.fd)
  }
}

const windowBytes = 1 << 16
