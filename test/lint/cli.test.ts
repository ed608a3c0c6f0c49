import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

type Finding = { file: string; tool: string; param?: string; rule: string; severity: string; score?: number; other?: string }

const noParams = { type: 'object', properties: {} }
// One set with every per-tool problem, and a pair a model will confuse.
const smelly = [
  { name: 'lookup_order', parameters: noParams },
  { name: 'getWeather', description: 'Weather for a city.', parameters: noParams },
  { name: 'account_tool', description: 'Handles everything about the accounts of the user in the bank.', parameters: noParams },
  {
    name: 'search_orders',
    description: 'Searches the orders of one customer and returns the matching order ids.',
    parameters: { type: 'object', properties: { status: { enum: ['open', 'closed'] } }, required: ['status', 'customer'] },
  },
  { name: 'update_order', description: 'Updates an order of the customer by order id.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'Order id' } } } },
  { name: 'modify_order', description: 'Updates an order of the customer by order id.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'Order id' } } } },
]

describe('toolgauge lint-tools', () => {
  it('finds nothing on the bundled suites (a folder: one set per suite)', async () => {
    const { code, stdout } = await runMain(['lint-tools', join(projectRoot, 'suites')])
    expect(code).toBe(0)
    expect(stdout).toContain('0 errors, 0 warnings in 5 tool sets')
  })

  it('counts one tool as one tool, in the set\'s line and the totals', async () => {
    const dir = tempFiles({ 'tools.json': JSON.stringify([smelly[3]]) })
    const { stdout } = await runMain(['lint-tools', join(dir, 'tools.json')])
    expect(stdout).toMatch(/tools\.json \(1 tool\)\n/)
    expect(stdout).toMatch(/in 1 tool set \(1 tool\)\n$/)
  })

  it('reports each problem with its rule, tool and parameter, and exits 1 on error-severity findings', async () => {
    const dir = tempFiles({ 'tools.json': JSON.stringify(smelly) })
    const { code, stdout } = await runMain(['lint-tools', join(dir, 'tools.json'), '--json', '--max-tool-tokens', '30'])
    expect(code).toBe(1)
    const { findings, errors } = JSON.parse(stdout) as { findings: Finding[]; errors: number }
    const keys = findings.map((f) => `${f.rule} ${f.tool}${f.param ? `.${f.param}` : ''}${f.other ? ` ~ ${f.other}` : ''}`)
    expect(keys).toEqual(expect.arrayContaining([
      'missing-description lookup_order',
      'short-description getWeather',
      'no-purpose getWeather',
      'name-style getWeather',
      'no-purpose account_tool',
      'missing-param-description search_orders.status',
      'enum-without-type search_orders.status',
      'required-not-in-properties search_orders.customer',
      'similar-descriptions update_order ~ modify_order',
      'no-usage-guidance update_order ~ modify_order',
      'heavy-tool search_orders',
    ]))
    expect(keys).not.toContain('missing-param-description search_orders.customer')
    expect(errors).toBe(2)
    const similar = findings.find((f) => f.rule === 'similar-descriptions')
    expect(similar?.score).toBeGreaterThan(0.9)
    expect(findings.every((f) => f.file === join(dir, 'tools.json'))).toBe(true)
  })

  it('takes severities and thresholds from the config; warnings alone exit 0', async () => {
    const dir = tempFiles({
      'tools.json': JSON.stringify(smelly),
      'lenient.yaml': 'lint:\n  rules: { missing-description: warning, required-not-in-properties: off }\n',
      'strict.yaml': 'lint:\n  rules: { short-description: error }\n  max_tools: 3\n  min_description_words: 20\n',
    })
    const lenient = await runMain(['lint-tools', join(dir, 'tools.json'), '--config', join(dir, 'lenient.yaml')])
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toMatch(/! warning lookup_order\s+missing-description/)
    expect(lenient.stdout).not.toContain('required-not-in-properties')
    const strict = await runMain(['lint-tools', join(dir, 'tools.json'), '--config', join(dir, 'strict.yaml'), '--json'])
    expect(strict.code).toBe(1)
    const findings = (JSON.parse(strict.stdout) as { findings: Finding[] }).findings
    expect(findings.filter((f) => f.rule === 'short-description').map((f) => f.severity)).toContain('error')
    expect(findings.filter((f) => f.rule === 'short-description').map((f) => f.tool)).toContain('search_orders')
    expect(findings.find((f) => f.rule === 'too-many-tools')).toMatchObject({ tool: '(tool set)', score: 6 })
  })

  it.each([
    [[], 'path: expected a tools file'],
    [['missing.json'], 'no such file or folder: missing.json'],
    [['BAD_TOOLS'], 'expected a non-empty string'],
    [['GOOD', '--max-tool-tokens', 'lots'], '--max-tool-tokens: expected an integer'],
    [['GOOD', '--config', 'BAD_CONFIG'], 'lint.rules'],
    [['GOOD', '--bogus'], 'unknown flag "--bogus"'],
  ])('rejects bad input with exit 2: %j', async (args, message) => {
    const dir = tempFiles({
      'bad.json': JSON.stringify([{ description: 'no name' }]),
      'good.json': JSON.stringify(smelly.slice(4)),
      'config.yaml': 'lint:\n  rules: { no-such-rule: error }\n',
    })
    const argv = args.map((a) => (a === 'BAD_TOOLS' ? join(dir, 'bad.json') : a === 'GOOD' ? join(dir, 'good.json') : a === 'BAD_CONFIG' ? join(dir, 'config.yaml') : a))
    const { code, stderr } = await runMain(['lint-tools', ...argv])
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })
})
