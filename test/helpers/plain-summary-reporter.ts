import type { Reporter, TestModule } from 'vitest/node'

/**
 * Lists the skipped tests by full name — their describe titles say why (e.g. `../shared/data` absent), which
 * vitest's default output hides outside a terminal — then prints one plain closing line,
 * `tests: N passed, N failed, N skipped`, that CI log readers understand without knowing vitest's format.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    const skipped: string[] = []
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else {
          const note = (test.result() as { note?: string }).note
          skipped.push(`${testModule.moduleId.replace(/^.*\/test\//, 'test/')} > ${test.fullName}${note ? ` (${note})` : ''}`)
        }
      }
    }
    if (skipped.length > 0) process.stdout.write(`\nSkipped:\n${skipped.map((name) => `  - ${name}`).join('\n')}\n`)
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped.length} skipped\n`)
  }
}
