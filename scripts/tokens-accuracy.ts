// Regenerates docs/tokens.md's "Accuracy against real usage" table from the recorded requests (the same
// computation test/tokens/recorded-usage.test.ts asserts on).
// Run: npm run tokens:accuracy [-- --file other_usage.jsonl] [-- --check]
//   default file: ../shared/data/token-oracles/recorded_usage.jsonl; --check: print only, do not rewrite the docs.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { accuracyByFamily, renderAccuracyTable, replayRecordedUsage } from '../test/tokens/accuracy.ts'
import { hasSharedData, projectRoot, sharedData } from '../test/helpers/shared-data.ts'

const args = process.argv.slice(2)
const fileFlag = args.indexOf('--file')
const file = fileFlag !== -1 && args[fileFlag + 1] ? resolve(args[fileFlag + 1] as string) : sharedData('token-oracles', 'recorded_usage.jsonl')
if (fileFlag === -1 && !hasSharedData('token-oracles/recorded_usage.jsonl')) {
  console.log('skipped: ../shared/data/token-oracles/recorded_usage.jsonl is absent in this checkout')
  process.exit(0)
}
const table = renderAccuracyTable(accuracyByFamily(await replayRecordedUsage(file)))
console.log(table)
if (!args.includes('--check') && fileFlag === -1) {
  const docs = resolve(projectRoot, 'docs/tokens.md')
  const text = readFileSync(docs, 'utf8')
  const start = '<!-- tokens:accuracy:start -->'
  const end = '<!-- tokens:accuracy:end -->'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to === -1) throw new Error(`docs/tokens.md lacks the ${start} … ${end} markers`)
  writeFileSync(docs, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`)
  console.log('\ndocs/tokens.md updated')
}
