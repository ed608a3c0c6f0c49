import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { BatchJournalLine, JournaledCreation } from '../../core/batch.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

/** The journal of submitted batches in the out folder. */
const batchJournalFile = 'batches.jsonl'

/**
 * `batches.jsonl`: one line per submitted batch (`JournaledBatch`: model, batch id, when, each entry's custom id
 * and body hash — no body, no key), written and synced before the batch is polled, so a run killed while a batch
 * runs finds it again with `--resume --batch` instead of paying for it twice; and before each create call a
 * `creating` line (`JournaledCreation`), so a create that failed uncertainly is remembered too. Shared by every
 * model of a run.
 */
export class BatchJournal {
  private readonly byModel = new Map<string, BatchJournalLine[]>()
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

  /** The lines journaled for a model, oldest first. */
  linesOf(model: string): readonly BatchJournalLine[] {
    return this.byModel.get(model) ?? []
  }

  /** Appends a line and syncs it to disk before returning: the caller creates or polls only once it is journaled. */
  record(batch: BatchJournalLine): void {
    this.add(batch)
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
      if (batch) this.add(batch)
    }
  }

  private add(line: BatchJournalLine): void {
    getOrCreate(this.byModel, line.model, () => []).push(line)
  }
}

function parseLine(line: string): BatchJournalLine | undefined {
  if (line.trim() === '') return undefined
  try {
    const value = JSON.parse(line) as { model?: unknown; id?: unknown; state?: unknown; tag?: unknown; entries?: unknown }
    if (typeof value.model !== 'string') return undefined
    if (value.state === 'not-created') return typeof value.tag === 'string' ? (value as BatchJournalLine) : undefined
    if (value.state !== 'creating' && typeof value.id !== 'string') return undefined
    return Array.isArray(value.entries) ? (value as BatchJournalLine) : undefined
  } catch {
    return undefined
  }
}

/** Where a journaled request stands after every line: in a batch (serve it from there), or in a creation never resolved. */
export type JournaledRequest =
  | { readonly kind: 'batch'; readonly id: string; readonly bodyHash: string }
  | { readonly kind: 'creating'; readonly creation: JournaledCreation; readonly task: string }

/**
 * Each custom id's latest state over a model's lines, oldest first: a batch line puts its entries in that batch, a
 * `creating` line puts them in its creation, and a `not-created` line forgets the entries still in its creation
 * (no batch holds them: they are simply submitted again).
 */
export function journaledRequests(lines: readonly BatchJournalLine[]): Map<string, JournaledRequest> {
  const requests = new Map<string, JournaledRequest>()
  for (const line of lines) {
    if ('state' in line && line.state === 'not-created') {
      for (const [customId, request] of requests) if (request.kind === 'creating' && request.creation.tag === line.tag) requests.delete(customId)
    } else if ('state' in line) {
      for (const entry of line.entries) requests.set(entry.customId, { kind: 'creating', creation: line, task: entry.task })
    } else {
      for (const entry of line.entries) requests.set(entry.customId, { kind: 'batch', id: line.id, bodyHash: entry.bodyHash })
    }
  }
  return requests
}
