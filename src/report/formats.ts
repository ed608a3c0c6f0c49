import type { Report } from '../core/report.ts'
import { toHtml } from './html/page.ts'
import { toJunit } from './junit.ts'
import { toMarkdown } from './markdown.ts'

/** A report format besides the canonical JSON: its file name in `--out` and a pure renderer. */
export type ReportFormat = {
  readonly fileName: string
  readonly render: (report: Report) => string
}

/** The formats `--format` accepts beyond `json`, keyed by their flag value. */
export const reportFormats = {
  junit: { fileName: 'report.xml', render: toJunit },
  md: { fileName: 'report.md', render: toMarkdown },
  html: { fileName: 'report.html', render: toHtml },
} as const satisfies Record<string, ReportFormat>

/** A format name `--format` accepts (json is always written and handled by the JSON writer). */
export type ReportFormatName = keyof typeof reportFormats
