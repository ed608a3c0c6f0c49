import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { JournaledBatch } from '../../core/batch.ts'

/** The journal of submitted batches in the out folder. */
export const batchJournalFile = 'batches.jsonl'

/**
 * `batches.jsonl`: one line per submitted batch (`JournaledBatch`: model, batch id, when, each entry's custom id
 * and body hash — no body, no key), written and synced before the batch is polled, so a run killed while a batch
 * runs finds it again with `--resume --batch` instead of paying for it twice. Shared by every model of a run.
 */
export class BatchJournal {
  private readonly byModel = new Map<string, JournaledBatch[]>()
  /** The file ends mid-line (a writer killed while writing): the next line starts on a fresh one. */
  private torn = false

  private constructor(readonly file: string) {}

  /**
   * The journal of an out folder. `resume`: the batches journaled by earlier runs are read (a torn last line — the
   * writer died mid-line — is skipped) and new ones appended after them; otherwise none is read, and the run starts
   * a new journal when it starts its results journal (`reset`), once its input has been checked.
   */
  static open(outDir: string, resume: boolean): BatchJournal {
    const journal = new BatchJournal(join(outDir, batchJournalFile))
    if (resume && existsSync(journal.file)) journal.read()
    return journal
  }

  /** A fresh run: the batches of the run before belong to its results, which are gone too. */
  reset(): void {
    rmSync(this.file, { force: true })
    this.byModel.clear()
    this.torn = false
  }

  /** The batches journaled for a model, oldest first. */
  batchesOf(model: string): readonly JournaledBatch[] {
    return this.byModel.get(model) ?? []
  }

  /** Appends a batch and syncs it to disk before returning: the caller polls only once it is journaled. */
  record(batch: JournaledBatch): void {
    const existing = this.byModel.get(batch.model)
    if (existing) existing.push(batch)
    else this.byModel.set(batch.model, [batch])
    const fd = openSync(this.file, 'a')
    try {
      writeSync(fd, `${this.torn ? '\n' : ''}${JSON.stringify(batch)}\n`)
      this.torn = false
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }

  private read(): void {
    const text = readFileSync(this.file, 'utf8')
    this.torn = text.length > 0 && !text.endsWith('\n')
    for (const line of text.split('\n')) {
      const batch = parseLine(line)
      if (!batch) continue
      const existing = this.byModel.get(batch.model)
      if (existing) existing.push(batch)
      else this.byModel.set(batch.model, [batch])
    }
  }
}

function parseLine(line: string): JournaledBatch | undefined {
  if (line.trim() === '') return undefined
  try {
    const value = JSON.parse(line) as Partial<JournaledBatch>
    if (typeof value.model !== 'string' || typeof value.id !== 'string' || !Array.isArray(value.entries)) return undefined
    return value as JournaledBatch
  } catch {
    return undefined
  }
}
