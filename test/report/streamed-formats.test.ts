import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFormats } from '../../src/report/formats.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { streamOf, type StreamedReport } from '../../src/report/json.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf, sampleResults } from './sample-report.ts'

describe('reporters read results as a stream', () => {
  it('HTML, JUnit and Markdown written from a stream of results equal the in-memory renders', () => {
    const report = reportOf([...sampleResults(), ...repeats('tokyo', 2, 3)])
    const { results: _results, ...header } = report
    // In report order — a case's results side by side — as the runner and merge write them.
    const results = [...streamOf(report).eachResult()]
    let passes = 0
    // A source with no array behind it: each pass is a fresh generator, as the runner's journal reader is.
    const stream: StreamedReport = { ...header, eachResult: function* () { passes++; yield* results } }
    const dir = mkdtempSync(join(tmpdir(), 'tg-formats-'))
    expect(writeFormats(dir, stream, ['html', 'junit', 'md'])).toEqual(['report.html', 'report.xml', 'report.md'])
    expect(passes).toBeGreaterThan(3)
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe(toHtml(report))
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toBe(toJunit(report))
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe(toMarkdown(report))
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toContain('tests="7"')
  })
})
