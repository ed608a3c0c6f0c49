import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { turn } from '../helpers/cases.ts'

it('onResult receives the redacted result, as journaled', async () => {
  const secret = 'sk-proxy-SECRET-0123456789'
  const provider = scriptedProvider('scripted:echo', new Map([['current-paris', [[turn(`my key is ${secret}`)]]]]))
  const out = mkdtempSync(join(tmpdir(), 'toolgauge-onresult-'))
  const seen: CaseResult[] = []
  await runEvaluation({
    suitePaths: ['suites/weather'],
    filter: 'current-paris',
    models: ['scripted:echo'],
    providers: [provider],
    outDir: out,
    providerOptions: { secrets: [secret] },
    onResult: (result) => seen.push(result),
  })
  expect(seen).toHaveLength(1)
  expect(JSON.stringify(seen)).not.toContain(secret)
  expect(JSON.stringify(seen)).toContain('[redacted]')
  expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).not.toContain(secret)
})
