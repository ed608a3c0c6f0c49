import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { UsageError } from '../core/errors.ts'
import { exitCodes, type Command } from './command.ts'
import { parseFlags } from './flags.ts'
import { strayArgument } from './stray-argument.ts'
import { inert, inertDeep } from '../report/terminal-text.ts'

const usage = `toolgauge bfcl <score | import | to-scripted> [options]

  toolgauge bfcl score --data <bfcl data dir> --results <result dir> [--underscore-to-dot [--keep-dots-for <model> ...]]
                       [--mode auto|fc|prompt] [--bfcl-source <bfcl_eval dir>] [--out <dir>]
      Scores every BFCL_v4_<category>_result.json under --results (recursively) with BFCL's own verdicts:
      single-turn AST categories (Python, simple_java, simple_javascript), irrelevance/live_irrelevance/live_relevance,
      and the multi-turn categories (multi_turn_base, multi_turn_miss_func, multi_turn_miss_param and, with
      --bfcl-source, multi_turn_long_context: the calls run against toolgauge's TypeScript copies of BFCL's eight
      environments). Writes <out>/verdicts.jsonl (multi-turn rows carry error_turn) and <out>/summary.json
      (default out: reports/bfcl) and prints the table.
      --bfcl-source        BFCL's bfcl_eval folder, whose long_context.py holds the long-context constants (read,
                           never copied); required when multi_turn_long_context results are present
      --underscore-to-dot  BFCL's per-model flag: the FC API saw "." in function names replaced by "_"
                           (applies to FC-mode models; prompt-mode text is never mangled)
      --keep-dots-for      a model folder the flag does not apply to (repeatable), e.g. firefunction-v2-FC
      --mode               how results are decoded: fc (lists of {name: "<JSON arguments>"}), prompt (Python call
                           text), auto (default: fc when a model's results hold lists of calls)

  toolgauge bfcl import --data <bfcl data dir> [--category <name> ...] --out <suites dir> [--keep-dots]
                        [--bfcl-source <bfcl_eval dir>]
      Writes <out>/<category>/suite.json (+ tools.json, and the cases in cases.jsonl) per category: cases with
      matching: bfcl, so a normal toolgauge run scores them with BFCL's verdicts. --keep-dots sends dotted names
      unchanged. A multi-turn category (--category multi_turn_base, multi_turn_miss_func, multi_turn_miss_param)
      becomes conversation cases: one user message per BFCL turn, run against toolgauge's BFCL environments (the
      suite's world), each reply judged by BFCL's multi-turn checker. multi_turn_long_context needs --bfcl-source
      (BFCL's bfcl_eval folder): the cases record the folder, and the world reads its long_context.py when the
      suite runs.

  toolgauge bfcl to-scripted <result file> --out <scripted file>
      Converts a BFCL result file into a scripted: model file that replays the recorded outputs (a multi-turn
      file: every step a turn, every BFCL turn ending in a text turn, for the imported conversation cases).

Exit codes: 0 ok, 2 bad input.`

function requireFlag(value: string | undefined, name: string): string {
  if (!value) throw new UsageError('is required', { field: `--${name}` })
  return value
}

async function score(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    data: { type: 'string' },
    results: { type: 'string' },
    'underscore-to-dot': { type: 'boolean' },
    'keep-dots-for': { type: 'string', multiple: true },
    mode: { type: 'string' },
    out: { type: 'string' },
    'bfcl-source': { type: 'string' },
  })
  if (positionals.length > 0) throw strayArgument(positionals[0]!, values.data === undefined ? '--data' : values.results === undefined ? '--results' : undefined)
  const mode = values.mode ?? 'auto'
  if (mode !== 'auto' && mode !== 'fc' && mode !== 'prompt') throw new UsageError(`expected auto, fc or prompt, got "${mode}"`, { field: '--mode' })
  const dataDir = resolve(requireFlag(values.data, 'data'))
  const resultsDir = resolve(requireFlag(values.results, 'results'))
  const keepDotsFor = values['keep-dots-for'] ?? []
  if (keepDotsFor.length > 0 && !values['underscore-to-dot']) throw new UsageError('needs --underscore-to-dot', { field: '--keep-dots-for' })
  // The BFCL checker loads only when a subcommand runs (as do the importer and converter below).
  const [{ scoreResults }, { renderScoreTable }] = await Promise.all([import('../bfcl/score.ts'), import('../bfcl/table.ts')])
  const bfclSource = values['bfcl-source'] ? resolve(values['bfcl-source']) : undefined
  const run = scoreResults({ dataDir, resultsDir, underscoreToDot: values['underscore-to-dot'] ?? false, keepDotsFor, mode, ...(bfclSource ? { bfclSource } : {}), optionNames: 'cli' })
  const out = resolve(values.out ?? 'reports/bfcl')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'verdicts.jsonl'), run.verdicts.map((verdict) => JSON.stringify(verdict)).join('\n') + (run.verdicts.length > 0 ? '\n' : ''))
  const summary = {
    schemaVersion: 1,
    data: dataDir,
    results: resultsDir,
    models: run.summaries.map((summary) => ({ ...summary, mode: run.modes[summary.model], underscore_to_dot: run.underscoreToDot[summary.model] })),
    skipped: run.skipped,
  }
  writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`)
  // Model and category names come from the result files: printed inert.
  process.stdout.write(renderScoreTable(inertDeep(run.summaries), { color: process.stdout.isTTY === true }))
  for (const skip of run.skipped) process.stderr.write(`skipped ${inert(skip.file)}: ${inert(skip.reason)}\n`)
  process.stdout.write(`${run.verdicts.length} entries scored → ${join(out, 'verdicts.jsonl')}, ${join(out, 'summary.json')}\n`)
  return exitCodes.ok
}

async function importCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, {
    data: { type: 'string' },
    category: { type: 'string', multiple: true },
    out: { type: 'string' },
    'keep-dots': { type: 'boolean' },
    'bfcl-source': { type: 'string' },
  })
  if (positionals.length > 0) throw strayArgument(positionals[0]!, values.data === undefined ? '--data' : undefined)
  const { importCategories } = await import('../bfcl/import.ts')
  const written = importCategories({
    dataDir: resolve(requireFlag(values.data, 'data')),
    outDir: resolve(requireFlag(values.out, 'out')),
    ...(values.category ? { categories: values.category } : {}),
    mangleNames: values['keep-dots'] !== true,
    ...(values['bfcl-source'] ? { bfclSource: resolve(values['bfcl-source']) } : {}),
    optionNames: 'cli',
  })
  for (const suite of written) process.stdout.write(`${inert(suite.file)}: ${suite.cases} cases, ${suite.tools} tools\n`)
  return exitCodes.ok
}

async function toScripted(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, { out: { type: 'string' } })
  if (positionals.length !== 1) throw new UsageError('expected one BFCL result file', { field: '<result file>' })
  const { resultFileToScripted } = await import('../bfcl/to-scripted.ts')
  const scripted = resultFileToScripted(resolve(positionals[0]!))
  const out = resolve(requireFlag(values.out, 'out'))
  writeFileSync(out, `${JSON.stringify(scripted, null, 2)}\n`)
  process.stdout.write(`${Object.keys(scripted).length} cases → ${out}\n`)
  return exitCodes.ok
}

const subcommands: Record<string, (argv: readonly string[]) => Promise<number>> = { score, import: importCommand, 'to-scripted': toScripted }

/** `toolgauge bfcl score | import | to-scripted`: thin layer over src/bfcl. */
export const command: Command = {
  usage,
  async run(argv) {
    const [name, ...rest] = argv
    const sub = name ? subcommands[name] : undefined
    if (!sub) throw new UsageError(name ? `unknown subcommand "${name}" (expected score, import or to-scripted)` : 'expected a subcommand: score, import or to-scripted')
    return sub(rest)
  },
}
