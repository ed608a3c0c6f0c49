// A hooks module that cannot load is bad input for the run that loads it (an InputError naming the file and line,
// before any model call: exit 2 in the CLI), and the failure is not kept: once the user fixes the file, the next run
// of the same process (the library API, a watch-like loop) loads the fixed code. So is a syntax error in a local file
// the hooks import: esbuild cannot follow such a module, but the run must fail as a fresh process would, not run the
// copy of that file the process imported before.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityScript as script, twoCityCases, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const hooks = "import { label } from './label.js'\nexport const afterToolCall = () => ({ result: { hook: label } })\n"
const label = (text: string) => `export const label: string = '${text}'\n`

/** The two-city suite with hooks importing label.ts, and a function running it in this process: its hooks' answers. */
function suiteRuns() {
  const dir = tempFiles({ 'tools.json': tools, 'script.yaml': script, 'hooks.ts': hooks, 'label.ts': label('one'), 'suite.yaml': ['name: poisoned', 'tools: ./tools.json', 'hooks: ./hooks.ts', ...twoCityCases].join('\n') })
  let runs = 0
  const run = async () => {
    const out = join(dir, `out${++runs}`)
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: out })
    expect(outcome.exitCode).toBe(0)
    return readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as CaseResult).turns[0]!.toolResults[0]!.content)
  }
  return { dir, run }
}

describe('a hooks module that fails to load, then is fixed, in one process', () => {
  it('a syntax error in the hooks file is an InputError at its line; the fixed file is what the next run loads', async () => {
    const { dir, run } = suiteRuns()
    expect(await run()).toEqual(['{"hook":"one"}', '{"hook":"one"}'])
    writeFileSync(join(dir, 'hooks.ts'), "import { label } from './label.js'\nexport const afterToolCall = () => ({ result: { hook: label } }\n")
    const failed = await run().catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(InputError)
    expect((failed as InputError).message).toContain(`${join(dir, 'hooks.ts')}:3: syntax error`)
    writeFileSync(join(dir, 'hooks.ts'), hooks.replace('hook: label', "hook: `fixed ${label}`"))
    expect(await run()).toEqual(['{"hook":"fixed one"}', '{"hook":"fixed one"}'])
  })

  it('a syntax error in a file the hooks import is an InputError, not the copy of that file imported before', async () => {
    const { dir, run } = suiteRuns()
    expect(await run()).toEqual(['{"hook":"one"}', '{"hook":"one"}'])
    writeFileSync(join(dir, 'label.ts'), "export const label: string = 'two\n")
    const failed = await run().catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(InputError)
    expect((failed as InputError).message).toContain(`${join(dir, 'label.ts')}:1: syntax error`)
    writeFileSync(join(dir, 'label.ts'), label('three'))
    expect(await run()).toEqual(['{"hook":"three"}', '{"hook":"three"}'])
  })
})
