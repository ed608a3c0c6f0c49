import { resolve } from 'node:path'
import type { TestModule, Vitest } from 'vitest/node'
import { getOrCreate } from '../core/get-or-create.ts'

/**
 * Watch mode for what describeSuite reads: vitest reruns a test file when a file in vite's module graph changes, and
 * a suite, its cases, tools and user modules are read by toolgauge, not imported through vite. Each block lists them
 * (its suite's `toolgaugeFiles` meta, io/files-read.ts); an edit of one is then handled as an edit of the test file
 * that read it (`vitest.watcher.onFileChange`, the public way to replay a change), which vitest reruns as it would
 * after a save of that file. vitest's own handling of the edited file goes on beside: a test file importing it reruns too.
 */
export class RerunOnEdit {
  /** File read → the test files whose blocks read it; kept across reruns, so a block whose load now fails still reruns on the fix. */
  private readonly readers = new Map<string, Set<string>>()

  constructor(private readonly vitest: Vitest) {
    const changed = (file: string) => {
      for (const testFile of this.readers.get(resolve(file)) ?? []) vitest.watcher.onFileChange(testFile)
    }
    // A file made anew (an editor saving by rename, a deleted file restored) is an edit too.
    for (const event of ['change', 'add', 'unlink'] as const) vitest.vite.watcher.on(event, changed)
  }

  /** Notes the files the describeSuite blocks of a test file read, and watches them (one outside vitest's root too). */
  note(testModule: TestModule): void {
    for (const suite of testModule.children.allSuites()) {
      const files = suite.meta().toolgaugeFiles ?? []
      for (const file of files) getOrCreate(this.readers, resolve(file), () => new Set()).add(testModule.moduleId)
      if (files.length > 0) this.vitest.vite.watcher.add([...files])
    }
  }
}
