// A variant whose tools lack one a case expects: the harness's setup is wrong, not the model — bad input (exit 2)
// before any model call, as a suite's own expectation naming a tool it does not define is (suite/expectation-fields.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

const example = join(projectRoot, 'examples/descriptions')

describe('a variant that drops a tool cases expect', () => {
  it('is bad input: exit 2 naming the variant, the tool, a case expecting it and its file; no case runs', async () => {
    const tools = JSON.parse(readFileSync(join(example, 'tools.json'), 'utf8')) as { function: { name: string } }[]
    const dir = tempFiles({ 'tools-terse.json': JSON.stringify(tools.filter((tool) => tool.function.name !== 'cancel_order')) })
    const out = join(dir, 'out')
    const { code, stderr } = await runMain(['run', example, '--model', 'baseline', '--out', out, '--variant', `terse=${join(dir, 'tools-terse.json')}`])
    expect(code, stderr).toBe(2)
    expect(stderr).toMatch(/suite\.yaml: cases\.[\w-]+\.expect\.calls\.0\.name: variant "terse" has no tool "cancel_order", which case "[\w-]+" expects a call to/)
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(existsSync(join(out, 'report.json'))).toBe(false)
  })

  it('a variant that keeps every expected tool still runs', async () => {
    const tools = JSON.parse(readFileSync(join(example, 'tools.json'), 'utf8')) as unknown[]
    const dir = tempFiles({ 'copy.json': JSON.stringify(tools) })
    const { code, stderr } = await runMain(['run', example, '--model', 'baseline', '--out', join(dir, 'out'), '--variant', `copy=${join(dir, 'copy.json')}`])
    expect(code, stderr).toBe(0)
  })
})
