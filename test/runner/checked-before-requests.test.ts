import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { anthropicTextReply, startLoopback, type Loopback } from '../providers/fake/loopback.ts'

const tools = JSON.stringify([
  { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'get_time', description: 'Time', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
])
const script = 'a:\n  - tool_calls: [{ name: get_time, arguments: { city: Oslo } }]\n  - content: Noon.\n'

/** A suite of one case (YAML lines of the case's own fields after `id: a`), run against a scripted model. */
async function runCase(caseLines: string[]) {
  const dir = tempFiles({
    'tools.json': tools,
    'script.yaml': script,
    'suite.yaml': ['name: refs', 'tools: ./tools.json', 'cases:', '  - id: a', '    prompt: Time in Oslo?', ...caseLines.map((line) => `    ${line}`)].join('\n'),
  })
  return { dir, result: await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]) }
}

describe('a case names only the tools it exposes', () => {
  it('an expected call to a tool outside the case\'s tools is exit 2 at its field', async () => {
    const { dir, result } = await runCase(['tools: [get_time]', 'expect: { calls: [{ name: get_weather }] }'])
    expectInputError(result, join(dir, 'suite.yaml'), 'cases.0.expect.calls.0.name', '"get_weather"', 'this case exposes get_time')
  })

  it('a case stub for a tool outside the case\'s tools is exit 2 at its field', async () => {
    const { dir, result } = await runCase(['tools: [get_time]', 'stubs: { get_weather: [{ result: sunny }] }', 'expect: { calls: [{ name: get_time }] }'])
    expectInputError(result, join(dir, 'suite.yaml'), 'cases.0.stubs.get_weather', '"get_weather"', 'this case exposes get_time')
  })

  it('a tool_choice outside the case\'s tools is exit 2 at its field', async () => {
    const { dir, result } = await runCase(['tools: [get_time]', 'tool_choice: { name: get_weather }'])
    expectInputError(result, join(dir, 'suite.yaml'), 'cases.0.tool_choice.name', '"get_weather"')
  })

  it('the same references to exposed tools load and run', async () => {
    const { result } = await runCase(['tools: [get_time]', 'tool_choice: { name: get_time }', 'stubs: { get_time: [{ result: noon }] }', 'expect: { calls: [{ name: get_time, args: { city: Oslo } }] }'])
    expect(result.code, result.stderr).toBe(0)
  })
})

describe('what an adapter would refuse is refused before the first model call', () => {
  let server: Loopback
  beforeEach(async () => {
    server = await startLoopback(() => anthropicTextReply('Noon.'))
    vi.stubEnv('ANTHROPIC_BASE_URL', server.origin)
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-test-0123456789')
  })
  afterEach(async () => {
    vi.unstubAllEnvs()
    await server.close()
  })

  const suite = (forced: string) => tempFiles({
    'tools.json': tools,
    'suite.yaml': ['name: thinking', 'tools: ./tools.json', 'cases:', '  - { id: free, prompt: Time in Oslo? }', `  - { id: forced, prompt: Time in Oslo?, tool_choice: ${forced} }`].join('\n'),
  })
  const run = (dir: string, ...set: string[]) => runMain(['run', join(dir, 'suite.yaml'), '--model', 'anthropic:claude-test', '--concurrency', '1', '--retries', '0', '--out', join(dir, 'out'), ...set.flatMap((value) => ['--set', value])])

  it.each([['required'], ['{ name: get_time }']])('Anthropic thinking with tool_choice %s: exit 2 naming the file, the case and the field; no request sent', async (forced) => {
    const dir = suite(forced)
    const result = await run(dir, 'thinking={type: enabled, budget_tokens: 2048}')
    expectInputError(result, join(dir, 'suite.yaml'), 'tool_choice', 'case "forced"', 'anthropic:claude-test', 'thinking')
    expect(server.requests).toHaveLength(0)
  })

  it('Anthropic thinking with max_tokens not above its budget: exit 2 naming the setting; no request sent', async () => {
    const dir = suite('auto')
    const result = await run(dir, 'thinking={type: enabled, budget_tokens: 2048}', 'max_tokens=1024')
    expectInputError(result, 'max_tokens', 'budget_tokens')
    expect(server.requests).toHaveLength(0)
  })

  it('thinking with tool_choice auto runs', async () => {
    const dir = suite('auto')
    const result = await run(dir, 'thinking={type: enabled, budget_tokens: 2048}')
    expect(result.code, result.stderr).toBe(0)
    expect(server.requests).toHaveLength(2)
  })
})
