import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Expr } from '../../../src/bfcl/python/ast.ts'
import { evaluate } from '../../../src/bfcl/python/evaluate.ts'
import { parseExpression } from '../../../src/bfcl/python/parse.ts'
import { pyToJsonText } from '../../../src/bfcl/py/to-json.ts'
import { pyDict } from '../../../src/bfcl/py/value.ts'
import type { ScriptedTurn } from '../../../src/bfcl/to-scripted.ts'
import { projectRoot } from '../../helpers/shared-data.ts'

// Helpers for the tests that import BFCL multi-turn categories as conversation suites and run them through the
// normal runner with a scripted model.

/** One imported conversation case (the fields the tests read). */
export type ImportedCase = {
  id: string
  tools: string[]
  state: unknown
  conversation: { user: string; add_tools?: string[]; expect: { bfcl: { answer: string[] } } }[]
}
/** One imported tool (the fields the tests read). */
export type ImportedTool = { name: string; parameters: { properties?: Record<string, unknown> } }
/** One result of a run's report.json. */
export type ReportResult = { case: string; passed: boolean; verdict: string; failures: { kind: string; message: string; userMessage?: number }[] }

/** Every part of an imported category's folder (held-out docs go without BFCL's hint, so their entries need parts of their own). */
export function importedSuite(dir: string): { cases: ImportedCase[]; tools: Map<string, ImportedTool>; dir: string } {
  const files = readdirSync(dir)
  const cases = files.filter((name) => /^cases(-\d+)?\.jsonl$/.test(name))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as ImportedCase))
  const tools = new Map(files.filter((name) => /^tools(-\d+)?\.json$/.test(name))
    .flatMap((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ImportedTool[]).map((tool) => [tool.name, tool]))
  return { cases, tools, dir }
}

/** A ground-truth call string (`sort('final_report.pdf')`) as a tool call: positional arguments by the doc's order. */
export function truthCall(source: string, tools: Map<string, ImportedTool>, index: number): { id: string; name: string; arguments: string } {
  const call = parseExpression(source) as Extract<Expr, { k: 'call' }>
  const name = (call.func as Extract<Expr, { k: 'name' }>).id
  const order = Object.keys(tools.get(name)?.parameters.properties ?? {})
  const entries = [
    ...call.args.map((arg, position) => [order[position]!, evaluate(arg)] as const),
    ...call.keywords.map((keyword) => [keyword.arg!, evaluate(keyword.value)] as const),
  ]
  return { id: `call_${index}`, name, arguments: pyToJsonText(pyDict(entries)) }
}

/** A scripted model's turns replaying a case's ground truth: each message's calls, then a text reply. */
export function groundTruthTurns(entry: ImportedCase, tools: Map<string, ImportedTool>): ScriptedTurn[] {
  return entry.conversation.flatMap((message): ScriptedTurn[] => {
    const answer = message.expect.bfcl.answer
    return answer.length === 0 ? [{ content: 'I cannot do that with the functions I have.' }] : [{ tool_calls: answer.map((source, index) => truthCall(source, tools, index)) }, { content: 'Done.' }]
  })
}

/** Runs the suite folder `dir` with a scripted model (files under `root`), the cases `ids` only; their results by id. */
export function runSuite(root: string, dir: string, scripted: Record<string, ScriptedTurn[]>, ids: readonly string[]): Map<string, ReportResult> {
  const file = join(root, `scripted-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(scripted))
  const out = join(root, `report-${Math.random().toString(36).slice(2)}`)
  const args = [join(projectRoot, 'bin/toolgauge.mjs'), 'run', dir, '--model', `scripted:${file}`, '--out', out, '--filter', `{${ids.join(',')}}`]
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' })
  expect(run.stderr).not.toMatch(/\n\s+at /)
  expect([0, 1], run.stderr).toContain(run.status)
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: ReportResult[] }
  return new Map(report.results.map((result) => [result.case, result]))
}
