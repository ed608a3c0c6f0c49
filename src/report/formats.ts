import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import { htmlChunks, toHtml } from './html/page.ts'
import { ChunkedWriter, streamOf, type StreamedReport } from './json.ts'
import { junitChunks, toJunit } from './junit.ts'
import { toMarkdown } from './markdown.ts'

/** A report format besides the canonical JSON: its file name in `--out` and a pure renderer. */
export type ReportFormat = {
  readonly fileName: string
  readonly render: (report: Report | StreamedReport) => string
  /** The same output in pieces, as the file is written: an HTML report of 20,000 transcripts is never one string in memory. */
  readonly chunks: (report: StreamedReport) => Iterable<string>
}

/** The formats `--format` accepts beyond `json`, keyed by their flag value. */
export const reportFormats = {
  junit: { fileName: 'report.xml', render: toJunit, chunks: junitChunks },
  md: { fileName: 'report.md', render: toMarkdown, chunks: (report) => [toMarkdown(report)] },
  html: { fileName: 'report.html', render: toHtml, chunks: htmlChunks },
} as const satisfies Record<string, ReportFormat>

/** A format name `--format` accepts (json is always written and handled by the JSON writer). */
export type ReportFormatName = keyof typeof reportFormats

/** Parses `--format json,junit,md,html` (json is always written, so it is dropped here); unknown names are usage errors. */
export function parseFormats(value: string | undefined): ReportFormatName[] {
  if (!value) return []
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '' && name !== 'json')
  for (const name of names) {
    if (!(name in reportFormats)) throw new InputError(`unknown format "${name}"${didYouMean(name, ['json', ...Object.keys(reportFormats)])}; expected json, ${Object.keys(reportFormats).join(', ')}`, { field: '--format' })
  }
  return names as ReportFormatName[]
}

/**
 * Writes the extra formats next to report.json and returns their file names; the Markdown summary is also
 * appended to $GITHUB_STEP_SUMMARY when that is set (GitHub Actions shows it on the run page).
 */
export function writeFormats(outDir: string, input: Report | StreamedReport, formats: readonly ReportFormatName[]): string[] {
  const report = streamOf(input)
  for (const format of formats) {
    const spec: ReportFormat = reportFormats[format]
    const out = new ChunkedWriter(join(outDir, spec.fileName))
    try {
      for (const chunk of spec.chunks(report)) out.write(chunk)
    } finally {
      out.close()
    }
  }
  if (formats.includes('md') && process.env.GITHUB_STEP_SUMMARY) {
    writeFileSync(process.env.GITHUB_STEP_SUMMARY, reportFormats.md.render(report), { flag: 'a' })
  }
  return formats.map((format) => reportFormats[format].fileName)
}
