// The reporter in vitest's watch mode: the files a test file's describeSuite blocks read (their suites' meta,
// test/vitest/describe-files-read.test.ts) are watched, and an edit of one is handed to vitest as an edit of each test
// file that read it (`vitest.watcher.onFileChange`), which vitest reruns. Against a stand-in for vitest: its watcher
// (vite's chokidar) and the change handler, the two things the reporter touches.
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { TestModule, Vitest } from 'vitest/node'
import ToolgaugeReporter from '../../src/vitest/reporter.ts'

/** A vitest in watch mode (or not): what its watcher was told to watch, and the test files it was told changed. */
function standIn(watch: boolean) {
  const watched: string[] = []
  const rerun: string[] = []
  const fsWatcher = Object.assign(new EventEmitter(), { add: (files: readonly string[]) => watched.push(...files) })
  const vitest = { config: { root: '/project', watch }, vite: { watcher: fsWatcher }, watcher: { onFileChange: (file: string) => rerun.push(file) } }
  const reporter = new ToolgaugeReporter()
  reporter.onInit(vitest as unknown as Vitest)
  return { reporter, fsWatcher, watched, rerun }
}

/** A test file whose describeSuite blocks read `blocks` (each block's files), beside a suite of the user's own. */
function testModule(moduleId: string, ...blocks: (readonly string[])[]): TestModule {
  const suites = [...blocks.map((files) => ({ meta: () => ({ toolgaugeFiles: files }) })), { meta: () => ({}) }]
  return { moduleId, children: { allSuites: () => suites.values(), allTests: () => [].values() } } as unknown as TestModule
}

describe('the reporter in watch mode', () => {
  it('watches the files each describeSuite block read, and reruns every test file that read the one edited', () => {
    const { reporter, fsWatcher, watched, rerun } = standIn(true)
    reporter.onTestModuleEnd(testModule('/project/evals/a.test.ts', ['/suites/s/suite.yaml', '/suites/s/hooks.mjs'], ['/suites/t/cases.jsonl']))
    reporter.onTestModuleEnd(testModule('/project/evals/b.test.ts', ['/suites/s/suite.yaml']))
    expect([...new Set(watched)].sort()).toEqual(['/suites/s/hooks.mjs', '/suites/s/suite.yaml', '/suites/t/cases.jsonl'])
    fsWatcher.emit('change', '/suites/s/hooks.mjs')
    expect(rerun).toEqual(['/project/evals/a.test.ts'])
    fsWatcher.emit('change', '/suites/s/suite.yaml')
    expect(rerun.slice(1).sort()).toEqual(['/project/evals/a.test.ts', '/project/evals/b.test.ts'])
    // A case file saved by rename (removed, then made anew) is an edit too; a file no block read is vitest's alone.
    fsWatcher.emit('unlink', '/suites/t/cases.jsonl')
    fsWatcher.emit('change', '/project/src/other.ts')
    expect(rerun.slice(3)).toEqual(['/project/evals/a.test.ts'])
  })

  it('a block whose load fails on a later run keeps its files: the fix reruns it', () => {
    const { reporter, fsWatcher, rerun } = standIn(true)
    reporter.onTestModuleEnd(testModule('/project/evals/a.test.ts', ['/suites/s/hooks.mjs']))
    reporter.onTestModuleEnd(testModule('/project/evals/a.test.ts'))
    fsWatcher.emit('change', '/suites/s/hooks.mjs')
    expect(rerun).toEqual(['/project/evals/a.test.ts'])
  })

  it('outside watch mode it watches nothing', () => {
    const { reporter, fsWatcher, watched, rerun } = standIn(false)
    reporter.onTestModuleEnd(testModule('/project/evals/a.test.ts', ['/suites/s/hooks.mjs']))
    fsWatcher.emit('change', '/suites/s/hooks.mjs')
    expect([watched, rerun, fsWatcher.listenerCount('change')]).toEqual([[], [], 0])
  })
})
