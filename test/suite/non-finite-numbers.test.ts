import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { runMain } from '../helpers/cli.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-non-finite-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
writeFileSync(join(scratch, 'tools.json'), JSON.stringify([{ name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: { n: { type: 'number' } } } }]))
writeFileSync(join(scratch, 'world.mjs'), 'export const createWorld = (state) => ({ lookup: () => state })\n')

let count = 0
/** A suite of one case whose YAML lines are `caseLines` (indented under `- id: a`). */
function suite(caseLines: string): string {
  const file = join(scratch, `suite-${count++}.yaml`)
  writeFileSync(file, `name: s\ntools: ./tools.json\nworld: { module: ./world.mjs }\ncases:\n  - id: a\n${caseLines}`)
  return file
}

async function loadError(file: string): Promise<InputError> {
  try {
    await loadSuite(file)
  } catch (error) {
    if (InputError.isInstance(error)) return error
    throw error
  }
  throw new Error('no error')
}

// JSON has no infinity or NaN: a YAML `.inf` in a value that goes as JSON was sent as null, unsaid.
describe('a YAML .inf or .nan where the value goes as JSON is refused at load, at its line and field', () => {
  it('in a prior call\'s arguments (they were sent to the model as {"n":null})', async () => {
    const file = suite('    messages:\n      - { role: user, content: hi }\n      - role: assistant\n        tool_calls: [{ id: c1, name: lookup, arguments: { n: [1, .inf] } }]\n      - { role: tool, tool_call_id: c1, content: ok }\n      - { role: user, content: again }\n')
    const error = await loadError(file)
    expect(error.message).toBe(`${file}:9: cases.0.messages.1.tool_calls.0.arguments.n.1: .inf cannot be written as JSON, which has no infinity or NaN (JSON.stringify sends null); write a finite number, or a string if the value is one`)
    const run = await runMain(['run', file, '--model', 'baseline', '--out', join(scratch, 'out')])
    expect(run.code).toBe(2)
    expect(run.stderr).not.toContain('    at ')
  })

  it('in a world\'s state and a recorded result, with -.inf and .nan said as written', async () => {
    expect((await loadError(suite('    prompt: hi\n    conversation: [{ user: hi }]\n    state: { limit: -.inf }\n'))).message).toMatch(/:8: cases\.0\.state\.limit: -\.inf cannot be written as JSON/)
    expect((await loadError(suite('    prompt: hi\n    stubs: { lookup: [{ result: { n: .nan } }] }\n'))).message).toMatch(/:7: cases\.0\.stubs\.lookup\.0\.result\.n: \.nan cannot be written as JSON/)
  })

  it('in an expected call\'s or a state\'s value to match, which could never be met; a range bound of .inf loads', async () => {
    const expected = await loadError(suite('    prompt: hi\n    expect: { calls: [{ name: lookup, args: { n: { anyOf: [1, .inf] } } }] }\n'))
    expect(expected.message).toMatch(/:7: cases\.0\.expect\.calls\.0\.args\.n\.anyOf\.1: bad argument matcher: expected a finite number: what it is compared with is JSON, which has no \.inf or \.nan, so it could never be met \(a range: bound may be \.inf\)$/)
    expect((await loadError(suite('    prompt: hi\n    expect: { calls: [{ name: lookup, args: { n: { literal: [.nan] } } }] }\n'))).location?.field).toBe('cases.0.expect.calls.0.args.n.literal.0')
    expect((await loadError(suite('    conversation: [{ user: hi }]\n    expect: { state: { limit: .inf } }\n'))).message).toMatch(/cases\.0\.expect\.state\.limit: bad state matcher: expected a finite number/)
    const ranged = await loadSuite(suite('    prompt: hi\n    expect: { calls: [{ name: lookup, args: { n: { range: [0, .inf] } } }] }\n'))
    expect(ranged.cases[0]!.expect.calls[0]!.args).toEqual({ n: { range: [0, Infinity] } })
  })
})
