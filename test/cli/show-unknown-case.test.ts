// `toolgauge show --case <id>` of a case the report has no result for is a slip: exit 2 naming the closest id
// ("did you mean") and the ids the report does have, as --model and --variant already do, so the next try is right.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

let out = ''
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'toolgauge-show-case-'))
  const run = await runMain(['run', join(projectRoot, 'examples/first-suite'), '--model', 'baseline', '--out', out])
  expect(run.code, run.stdout + run.stderr).toBe(0)
})

it('a --case id the report lacks is exit 2 with the closest id and the ids it has', async () => {
  const slip = await runMain(['show', out, '--case', 'aple-price'])
  expect(slip.code).toBe(2)
  expect(slip.stderr).toContain('--case: no result for case "aple-price" (did you mean "apple-price"?); its cases are usd-to-eur, apple-price, pounds-to-yen, small-talk\n')
  expect(slip.stdout).toBe('')
  const far = await runMain(['show', out, '--case', 'nope'])
  expect(far.code).toBe(2)
  expect(far.stderr).toContain('--case: no result for case "nope"; its cases are usd-to-eur, apple-price, pounds-to-yen, small-talk\n')
})

it('a report of many cases lists a few of its ids and how many more', async () => {
  const file = join(out, 'report.json')
  const report = JSON.parse(readFileSync(file, 'utf8')) as { results: { case: string }[] }
  const many = Array.from({ length: 12 }, (_, index) => ({ ...report.results[0]!, case: `case-${index + 1}` }))
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-show-case-'))
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, results: many }))
  const shown = await runMain(['show', join(dir, 'report.json'), '--case', 'nope'])
  expect(shown.code).toBe(2)
  expect(shown.stderr).toContain('its cases are case-1, case-2, case-3, case-4, case-5, case-6, case-7, case-8 and 4 more\n')
})

// The model named as the provider calls it, without the spec's prefix, is the same slip: offered the report's spec.
it('a --model without its prefix suggests the report\'s spec of that model', async () => {
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { model: string }[] }
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-show-case-'))
  writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, results: report.results.map((result) => ({ ...result, model: 'openai:gpt-4o' })) }))
  const slip = await runMain(['show', join(dir, 'report.json'), '--model', 'gpt-4o'])
  expect(slip.code).toBe(2)
  expect(slip.stderr).toContain('--model: no model "gpt-4o" in this report (did you mean "openai:gpt-4o"?); its models are openai:gpt-4o\n')
  expect(slip.stderr).not.toMatch(/\n\s+at /)
})
