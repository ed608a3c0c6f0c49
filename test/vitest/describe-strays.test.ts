import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { twoCityUserSuite } from '../helpers/two-city-suite.ts'

// describeSuite holds the process guard a run has (runner/process-guard.ts) for its block: an error nothing awaited
// that a case's own code threw ends that case's test as harness_error (errored), and one after its verdict is a
// warning — instead of vitest reporting it as the file's unhandled error while the case passes. An error no case made
// is still vitest's to report. Uncaught errors fail a whole vitest run, so the suites are described in a child vitest.
const pause = (ms: number) => `await new Promise((resolve) => setTimeout(resolve, ${ms}))`

/** `during`: Oslo's stub leaves a timer that throws while its case runs; Paris's a queueMicrotask throw (no case carries it). */
const during = [
  'export async function weather(args) {',
  '  if (args.city === "Oslo") { setTimeout(() => { throw new Error("late boom") }, 0); ' + pause(50) + ' }',
  '  else { queueMicrotask(() => { throw new Error("whose is this") }); ' + pause(50) + ' }',
  '  return { temp: 12 }',
  '}',
].join('\n')

/** `after`: Oslo's stub leaves a timer that throws once Paris's case runs (Oslo's verdict decided); Paris waits for it. */
const after = [
  'export async function weather(args) {',
  '  if (args.city === "Oslo") {',
  '    const timer = setInterval(() => {',
  '      if (!globalThis.parisStarted) return',
  '      clearInterval(timer)',
  '      globalThis.osloThrew = true',
  '      throw new Error("after the fact")',
  '    }, 5)',
  '  } else {',
  '    globalThis.parisStarted = true',
  `    while (!globalThis.osloThrew) ${pause(5)}`,
  '  }',
  '  return { temp: 12 }',
  '}',
].join('\n')

function prefixed(folder: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [`${folder}/${name}`, text]))
}

describe('describeSuite with a stub whose timer throws', () => {
  it('ends that case\'s test as harness_error, makes one after the verdict a warning, and leaves vitest an error no case made', () => {
    const dir = tempFiles({ ...prefixed('during', twoCityUserSuite('during', { stubs: during })), ...prefixed('after', twoCityUserSuite('after', { stubs: after })) })
    const describe = (folder: string) => `describeSuite(${JSON.stringify(join(dir, folder, 'suite.yaml'))}, { model: ${JSON.stringify(`scripted:${join(dir, folder, 'script.yaml')}`)}, concurrency: 1 })`
    writeFileSync(join(dir, 'strays.test.ts'), [
      `import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}`,
      describe('during'),
      describe('after'),
    ].join('\n'))
    const child = runVitest(['--root', dir, '--reporter=json', '--reporter=default', '--outputFile.json=out.json'], { cwd: dir })
    const output = `${child.stdout}\n${child.stderr}`
    const report = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[] }
    const tests = report.testResults.flatMap((file) => file.assertionResults)
    const status = (title: string) => tests.find((test) => test.title.startsWith(title))
    // During its case: Oslo's test fails as errored (harness_error), not as the file's unhandled error.
    expect(status('during/oslo')?.status, output).toBe('failed')
    expect(status('during/oslo')?.failureMessages.join('\n')).toContain('harness_error')
    expect(status('during/oslo')?.failureMessages.join('\n')).toContain('an error nothing awaited was thrown while the case ran')
    expect(status('during/oslo')?.failureMessages.join('\n')).toContain('Error: late boom')
    expect(status('during/paris')?.status, output).toBe('passed')
    // After its verdict: a warning naming the case; its result stands.
    expect(status('after/oslo')?.status, output).toBe('passed')
    expect(status('after/paris')?.status, output).toBe('passed')
    expect(output).toContain('warning: code of case after/oslo')
    expect(output).toContain('its result stands: Error: after the fact')
    // An error no case made is vitest's to report, as without the guard (the run fails on it); the cases' are not.
    expect(child.status, output).toBe(1)
    expect(output).toContain('Error: whose is this')
    expect(output).not.toMatch(/Unhandled[^\n]*\n[^\n]*late boom/)
    expect(output.split('Error: after the fact').length, output).toBe(2)
  })
})
