import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { assertValidator, type Parser, type Validator } from '../../src/fuzz/index.ts'
import { checkCall } from '../../src/loop/check-call.ts'
import { parseArguments } from '../../src/loop/parse-arguments.ts'
import { loadToolsFile } from '../../src/suite/load-tools.ts'
import { projectRoot } from '../helpers/shared-data.ts'
import { corpus } from './corpus.ts'

// toolgauge fuzzes its own argument parsing and validation (the loop's parse-arguments + check-call), as a user would.
const parser: Parser = (raw, tool) => {
  const call = parseArguments({ id: 'call_1', name: tool.name, rawArguments: raw })
  return call.parseError === undefined ? { ok: true, value: call.arguments } : { ok: false, error: call.parseError }
}

const validator: Validator = (args, tool) => {
  const check = checkCall({ id: 'call_1', name: tool.name, rawArguments: JSON.stringify(args) ?? '', arguments: args }, [tool])
  return check.knownTool && check.wellFormed && check.schemaIssues.length === 0
}

const suiteTools: ToolDefinition[] = existsSync(join(projectRoot, 'suites'))
  ? readdirSync(join(projectRoot, 'suites'))
      .map((name) => join(projectRoot, 'suites', name, 'tools.json'))
      .filter(existsSync)
      .flatMap((file) => loadToolsFile(file))
  : []

describe("toolgauge's own argument parsing and call checking", () => {
  // parseArguments refuses duplicate keys (JSON.parse would keep the last one and hide the first from
  // validation), so every mutation kind, duplicate-key payloads included, is checked.
  it('passes every property on the hand-written corpus and the example suites’ tools', async () => {
    await assertValidator({ tools: [...corpus, ...suiteTools], validator, parser, runs: 100, seed: 7 })
  })

  it('reports duplicate keys as malformed arguments', () => {
    const tool = corpus[0] as ToolDefinition
    expect(parser('{"days":"x","days":5}', tool)).toMatchObject({ ok: false, error: 'duplicate key "days"' })
  })
})
