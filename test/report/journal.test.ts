import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { Journal, type JournalPosition } from '../../src/report/journal.ts'
import { makeResult } from '../stats/make-result.ts'

// A real result (the journal's reader checks each line is one), with a field of multi-byte text to pad lines.
const result = (index: number, padding = ''): CaseResult => ({ ...makeResult({ suite: 's', case: `c${index}`, model: 'm', passed: index % 2 === 0 }), note: `é✓${padding}` }) as CaseResult

describe('Journal', () => {
  it('reads back every line exactly, across read windows, long lines and appends after reads (buffers are reused)', () => {
    const journal = new Journal(join(mkdtempSync(join(tmpdir(), 'toolgauge-journal-')), 'results.jsonl'))
    journal.reset()
    const written: [JournalPosition, CaseResult][] = []
    for (let index = 0; index < 3000; index++) {
      const entry = result(index, index % 1000 === 7 ? 'x'.repeat(1.5 * 2 ** 20) : 'y'.repeat(index % 50))
      written.push([journal.append(entry), entry])
      // Reads interleaved with appends: the window must not serve bytes written after it was read.
      if (index % 400 === 0) expect(journal.readAt(written[index >> 1]![0])).toEqual(written[index >> 1]![1])
    }
    for (const [position, entry] of written) expect(journal.readAt(position)).toEqual(entry)
    for (const [position, entry] of [...written].reverse()) expect(journal.readLineAt(position)).toBe(JSON.stringify(entry))
    journal.close()
    expect(readFileSync(journal.file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))).toEqual(written.map(([, entry]) => entry))
  })

  it('writes pending lines on close and takes no line after it (until opened again)', () => {
    const journal = new Journal(join(mkdtempSync(join(tmpdir(), 'toolgauge-journal-')), 'results.jsonl'))
    journal.reset()
    journal.append(result(1))
    journal.close()
    expect(() => journal.append(result(2))).toThrow(/closed: no line is appended after close/)
    expect(readFileSync(journal.file, 'utf8').split('\n').filter(Boolean)).toEqual([JSON.stringify(result(1))])
    journal.openForAppend()
    journal.append(result(3))
    journal.close()
    expect([...journal.entries()].map((entry) => entry.result.case)).toEqual(['c1', 'c3'])
  })
})
