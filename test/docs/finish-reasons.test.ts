// docs/providers/index.md "Finish reasons" lists every finish reason of every protocol in the row of what it means:
// the table the adapters use (providers/wire/finish-reason.ts) and the docs cannot drift apart.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { finishReasonTables, type FinishMeaning, type WireProtocol } from '../../src/providers/wire/finish-reason.ts'

const docs = readFileSync(new URL('../../docs/providers/index.md', import.meta.url), 'utf8')
const section = docs.slice(docs.indexOf('## Finish reasons'), docs.indexOf('\n## ', docs.indexOf('## Finish reasons') + 1))
const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| meaning')).map((line) => line.split(' | '))

/** The docs row of each meaning, by the kind its first cell names. */
const rowOf: Record<FinishMeaning, string> = {
  stop: 'answered',
  'tool-calls': 'answered',
  length: '`truncated`',
  'content-filter': '`refused`',
  'malformed-call': '`malformed_arguments`',
  'provider-error': '`provider_error`',
}
/** The docs columns of each protocol (compatible servers' reasons are Chat's, in a column of their own). */
const columnsOf: Record<WireProtocol, readonly number[]> = { chat: [1, 2], responses: [3], anthropic: [4], gemini: [5] }

it.each(Object.keys(finishReasonTables) as WireProtocol[])('every %s finish reason is in the docs row of what it means', (protocol) => {
  expect(rows).toHaveLength(5)
  for (const [raw, meaning] of Object.entries(finishReasonTables[protocol])) {
    const row = rows.find((cells) => cells[0]!.replace(/^\| /, '').startsWith(rowOf[meaning]))
    expect(row, meaning).toBeDefined()
    expect(columnsOf[protocol].some((column) => row![column]!.includes(`\`${raw}\``)), `${protocol} ${raw} → ${meaning}`).toBe(true)
  }
})
