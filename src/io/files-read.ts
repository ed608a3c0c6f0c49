import { AsyncLocalStorage } from 'node:async_hooks'
import { resolve } from 'node:path'

// vitest's watch mode reruns a test file when a file in vite's module graph changes, and that graph holds none of
// what toolgauge reads or imports itself (a suite, its cases, tools and variants, the user modules and the local
// files they import): describeSuite notes them here, and the reporter reruns the test file when one changes
// (vitest/rerun-on-edit.ts). Only describeSuite enters this storage, so a run pays for no promise hooks of its own.
const reading = new AsyncLocalStorage<Set<string>>()

/** Runs `work` adding to `files` the absolute path of every file it reads. */
export function noteFilesRead<T>(files: Set<string>, work: () => T): T {
  return reading.run(files, work)
}

/** Notes that `file` is read, for the work noting what it reads (`noteFilesRead`), if any. */
export function noteRead(file: string): void {
  reading.getStore()?.add(resolve(file))
}
