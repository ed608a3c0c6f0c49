import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own output: a
 * runner-neutral summary that CI log readers understand without knowing vitest's format.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }
}
