import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import { optionNames, type OptionSurface } from '../core/option-names.ts'

/** The lock file a run keeps in its out folder while it writes the journal and reports there. */
const lockFileName = 'run.lock'

/** Who holds a lock: what the lock file says (`id` tells two locks of one process apart). */
type LockOwner = { readonly pid: number; readonly host: string; readonly startedAt: string; readonly id?: string }

/** A run's hold on its out folder; `release()` is idempotent and also runs if the process exits holding it. */
export type OutLock = {
  /** The out folder, resolved. */
  readonly dir: string
  release(): void
}

/**
 * Makes the out folder (an InputError when the path, or a folder on it, is a file) and takes its lock, so two runs
 * never write one journal: another live run's lock is an InputError naming its pid; a lock whose process is gone
 * (killed, crashed) is taken over, with a warning. The lock file is made complete and then linked into place — a
 * link fails when the name exists — so no run ever reads a half-written lock. Released when the run ends, and on
 * process exit (a second Ctrl-C exits at once). An error names the out folder as `surface` does (the library's
 * outDir unless the CLI says `'cli'`).
 */
export function lockOutFolder(outDir: string, onWarning: (message: string) => void = () => {}, surface?: OptionSurface): OutLock {
  const field = optionNames({ optionNames: surface }).outDir
  const dir = resolve(outDir)
  makeFolder(outDir, dir, field)
  const file = join(dir, lockFileName)
  const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), id: randomUUID() }
  const text = `${JSON.stringify(owner)}\n`
  // Two attempts: the second follows taking over a stale lock (a run that took it meanwhile is then refused).
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryLink(file, text, owner.id!)) return held(dir, file, text, field)
    const current = readOwner(file, field)
    if (current === undefined) continue
    if (isRunning(current.owner)) {
      const where = current.owner.host === owner.host ? '' : ` on ${current.owner.host}`
      throw new InputError(`another toolgauge run (pid ${current.owner.pid}${where}, started ${current.owner.startedAt}) is writing this folder: wait for it or give another ${field} (if no run is writing here, delete ${file})`, { file: outDir, field })
    }
    // The text is compared again right before removing it: a run that took the stale lock first keeps it.
    if (readOwner(file, field)?.text !== current.text) continue
    rmSync(file, { force: true })
    onWarning(`took over the lock in ${outDir} of run pid ${current.owner.pid} (started ${current.owner.startedAt}), which is no longer running`)
  }
  throw new InputError(`could not take the lock ${file}: another run keeps taking it`, { file: outDir, field })
}

function makeFolder(given: string, dir: string, field: string): void {
  try {
    mkdirSync(dir, { recursive: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new InputError(`${given} is a file, or inside one: ${field} names the folder for report.json and results.jsonl`, { field })
    throw error
  }
  // mkdir's recursive form succeeds quietly on an existing folder only; the check above covers a file in the way.
  if (!statSync(dir).isDirectory()) throw new InputError(`${given} is not a folder: ${field} names the folder for report.json and results.jsonl`, { field })
}

/** Writes the lock text to a file of this attempt and links it to the lock's name: fails (false) if the name exists. */
function tryLink(file: string, text: string, id: string): boolean {
  const temporary = `${file}.${id}.tmp`
  writeFileSync(temporary, text)
  try {
    linkSync(temporary, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    rmSync(temporary, { force: true })
  }
}

function held(dir: string, file: string, text: string, field: string): OutLock {
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    // Only our own lock: never one another run took over meanwhile (our process looked dead to it).
    if (readOwner(file, field)?.text === text) rmSync(file, { force: true })
  }
  process.on('exit', release)
  return { dir, release }
}

function readOwner(file: string, field: string): { owner: LockOwner; text: string } | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.startedAt === 'string') return { owner: owner as LockOwner, text }
  } catch {
    // not a lock this code wrote: said below
  }
  throw new InputError(`${file} is not a toolgauge lock (expected { pid, host, startedAt }); delete it if no run is writing this folder`, { file, field })
}

/** Whether the lock's process still runs. A lock of another host cannot be checked, so it counts as running. */
function isRunning(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
