import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'update_order', description: 'Updates an order of the customer by order id.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'Order id' } } } }])

describe('a misspelt lint rule in the config', () => {
  it('is one line at the rule\'s own line, naming it, with a did-you-mean', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'config.yaml': 'lint:\n  rules:\n    name-styl: off\n' })
    const { code, stderr } = await runMain(['lint-tools', join(dir, 'tools.json'), '--config', join(dir, 'config.yaml')])
    expect(code).toBe(2)
    expect(stderr).toContain('config.yaml:3: lint.rules.name-styl: unknown field "name-styl" (did you mean "name-style"?)')
    expect(stderr).not.toContain('property name must be valid')
    expect(stderr.trim().split('\n')).toHaveLength(1)
  })

  it('still accepts every rule id with a severity', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'config.yaml': 'lint:\n  rules:\n    name-style: off\n    short-description: warning\n' })
    const { code, stderr } = await runMain(['lint-tools', join(dir, 'tools.json'), '--config', join(dir, 'config.yaml')])
    expect(code, stderr).toBe(0)
  })
})
