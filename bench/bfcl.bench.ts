// BFCL checker throughput: every entry of the 8 single-turn AST categories for one model's results.
// gpt-4.1-2025-04-14-FC has recorded results for 7 of them; live_multiple (1,053 entries), which no recorded model
// in ../shared/data/bfcl-results covers, is scored on outputs built from its possible answers (the self-check).
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCategory, type BfclEntry } from '../src/bfcl/data.ts'
import { entryVerdict, type EntryInput } from '../src/bfcl/entry-verdict.ts'
import type { DecodeMode } from '../src/bfcl/decode.ts'
import { readResultFile } from '../src/bfcl/results.ts'
import { scoreResults } from '../src/bfcl/score.ts'
import { groundTruthResult } from '../src/bfcl/self-check.ts'

const shared = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data')
const astCategories = ['simple_python', 'multiple', 'parallel', 'parallel_multiple', 'live_simple', 'live_multiple', 'live_parallel', 'live_parallel_multiple']

function inputsFor(model: string, mode: DecodeMode, categories: readonly string[]): EntryInput[] {
  const inputs: EntryInput[] = []
  for (const category of categories) {
    const entries = loadCategory(join(shared, 'bfcl'), category).entries
    const file = join(shared, 'bfcl-results', 'results', model, `BFCL_v4_${category}_result.json`)
    const base = (entry: BfclEntry) => ({ category, docs: entry.docs, answer: entry.answer!, mode, underscoreToDot: mode === 'fc' })
    if (existsSync(file)) {
      for (const line of readResultFile(file)) inputs.push({ ...base(entries.get(line.id)!), result: line.result })
    } else {
      for (const entry of entries.values()) inputs.push({ ...base(entry), result: groundTruthResult(entry.answer!, entry.docs, { mangleNames: true }) })
    }
  }
  return inputs
}

// Scores the inputs repeatedly for at least `minMs` and returns entries per second.
function throughput(inputs: readonly EntryInput[], minMs = 1500): { perSecond: number; valid: number } {
  let valid = 0
  for (const input of inputs) if (entryVerdict(input).valid) valid++
  let rounds = 0
  const start = performance.now()
  while (performance.now() - start < minMs) {
    for (const input of inputs) entryVerdict(input)
    rounds++
  }
  const seconds = (performance.now() - start) / 1000
  return { perSecond: (rounds * inputs.length) / seconds, valid }
}

/** Prints entries/s for the checker alone and for `bfcl score` end to end (reading, parsing, scoring). */
export async function run(): Promise<void> {
  if (!existsSync(join(shared, 'bfcl')) || !existsSync(join(shared, 'bfcl-results'))) {
    console.log('skipped: ../shared/data/bfcl and ../shared/data/bfcl-results are absent in this checkout')
    return
  }
  const fc = inputsFor('gpt-4.1-2025-04-14-FC', 'fc', astCategories)
  const fcFigures = throughput(fc)
  console.log(`FC, 8 AST categories (gpt-4.1-2025-04-14-FC; live_multiple from possible answers): ${fc.length} entries, ${fcFigures.valid} valid`)
  console.log(`  checker: ${Math.round(fcFigures.perSecond).toLocaleString('en-US')} entries/s`)

  const prompt = inputsFor('meta-llama_Llama-3.3-70B-Instruct-FC', 'prompt', ['simple_python', 'parallel', 'parallel_multiple'])
  const promptFigures = throughput(prompt)
  console.log(`prompt mode (Llama-3.3-70B text, 3 AST categories): ${prompt.length} entries, ${promptFigures.valid} valid`)
  console.log(`  checker incl. Python-expression decoding: ${Math.round(promptFigures.perSecond).toLocaleString('en-US')} entries/s`)

  // End to end: files read and parsed every round (the OS caches them after the first).
  const options = { dataDir: join(shared, 'bfcl'), resultsDir: join(shared, 'bfcl-results', 'results', 'gpt-4.1-2025-04-14-FC'), underscoreToDot: true }
  let entries = 0
  const start = performance.now()
  while (performance.now() - start < 1500) entries += scoreResults(options).verdicts.length
  const seconds = (performance.now() - start) / 1000
  console.log(`bfcl score end to end (read + parse data and results, score; gpt-4.1 FC, 7 categories, 1,298 entries per round): ${Math.round(entries / seconds).toLocaleString('en-US')} entries/s`)
  console.log(`  peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)
}
