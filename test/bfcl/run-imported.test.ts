import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCategories } from '../../src/bfcl/import.ts'
import { scoreResults } from '../../src/bfcl/score.ts'
import { resultFileToScripted } from '../../src/bfcl/to-scripted.ts'
import { writeFileSync } from 'node:fs'
import { hasSharedData, projectRoot, sharedData, sharedTitle } from '../helpers/shared-data.ts'

// Done-when item 3: an imported category run through the normal runner with a scripted model replaying the
// recorded outputs gives every entry the verdict `bfcl score` gives.

type ReportResult = { suite: string; case: string; passed: boolean; failures: { kind: string; message: string }[] }

const ready = hasSharedData('bfcl') && hasSharedData('bfcl-results')

function runImported(category: string, model: string, underscoreToDot: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-run-'))
  importCategories({ dataDir: sharedData('bfcl'), outDir: join(root, 'suites'), categories: [category] })
  const resultFile = sharedData('bfcl-results', 'results', model, `BFCL_v4_${category}_result.json`)
  const scripted = join(root, 'scripted.json')
  writeFileSync(scripted, JSON.stringify(resultFileToScripted(resultFile)))
  const out = join(root, 'report')
  const run = spawnSync(process.execPath, [join(projectRoot, 'bin/toolgauge.mjs'), 'run', join(root, 'suites', category), '--model', `scripted:${scripted}`, '--out', out], { encoding: 'utf8' })
  expect(run.stderr).not.toMatch(/\n\s+at /)
  expect([0, 1]).toContain(run.status)
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: ReportResult[] }
  const scored = scoreResults({ dataDir: sharedData('bfcl'), resultsDir: resultFile, underscoreToDot })
  return { results: report.results, verdicts: scored.verdicts }
}

describe.skipIf(!ready)(sharedTitle('imported BFCL suites through the runner', 'bfcl-results'), () => {
  it.each([
    ['simple_python', 'gpt-4.1-2025-04-14-FC', true],
    ['parallel_multiple', 'gpt-4.1-2025-04-14-FC', true],
    ['live_simple', 'gpt-4.1-2025-04-14-FC', true],
    ['parallel', 'meta-llama_Llama-3.3-70B-Instruct-FC', false],
    ['irrelevance', 'meta-llama_Llama-3.3-70B-Instruct-FC', false],
  ] as const)('%s replayed from %s: same verdict per entry as bfcl score', (category, model, underscoreToDot) => {
    const { results, verdicts } = runImported(category, model, underscoreToDot)
    expect(results).toHaveLength(verdicts.length)
    const byCase = new Map(results.map((result) => [result.case, result]))
    const mismatches: string[] = []
    for (const verdict of verdicts) {
      const result = byCase.get(verdict.id)
      const errorType = result?.failures.map((failure) => /^BFCL (\S+):/.exec(failure.message)?.[1]).find(Boolean) ?? null
      if (!result || result.passed !== verdict.valid || errorType !== verdict.error_type) {
        mismatches.push(`${verdict.id}: bfcl score ${verdict.error_type}, run ${result ? `${result.passed} ${errorType}` : 'missing'}`)
      }
    }
    expect(mismatches).toEqual([])
  }, 60_000)
})
