// A file given to `run` as a suite that is something else — a tools file, a scripted model — is named as such
// (exit 2, the file, line 1), not reported key by key as a suite whose every field is wrong.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectInputError, runCli, tempFiles } from '../helpers/cli.ts'

describe('a file that is not a suite', () => {
  const dir = tempFiles({
    'tools.json': JSON.stringify([{ name: 'get_time', description: 'The time.', parameters: { type: 'object', properties: {} } }]),
    'script.yaml': 'order-status:\n  - content: Shipped.\nsmall-talk:\n  - content: Hi.\n',
    'slip.yaml': 'nmae: slip\ncases: [{ id: a, prompt: Hi, expect: { no_call: true } }]\n',
  })

  it('a tools list says it is a list and how a suite names it', () => {
    const result = runCli(['run', join(dir, 'tools.json'), '--model', 'baseline'])
    expectInputError(result, `${join(dir, 'tools.json')}:1: holds a list, not a suite (a tools file? a suite names it: tools: ./tools.json); a suite file is an object with name, tools and cases`)
    expect(result.stderr).not.toContain('(root): expected object')
  })

  it("a scripted model's turns say so, with its keys and --model scripted:<file>", () => {
    const result = runCli(['run', join(dir, 'script.yaml'), '--model', 'baseline'])
    expectInputError(result, `${join(dir, 'script.yaml')}:1: is not a suite: it has no name, tools or cases (its keys: order-status, small-talk; a scripted model's turns? give it as --model scripted:<file>)`)
    expect(result.stderr).not.toContain('unknown field "order-status"')
  })

  it('a suite with a misspelt key is still a suite: the schema names the slip', () => {
    expectInputError(runCli(['run', join(dir, 'slip.yaml'), '--model', 'baseline']), 'nmae: unknown field "nmae" (did you mean "name"?)')
  })
})
