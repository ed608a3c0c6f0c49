import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadToolsFile } from '../../src/suite/load-tools.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }

/** `tokens` on a tools file: the tool definitions are loaded and checked as a suite's are. */
async function loadWithCli(tools: unknown[]) {
  const dir = tempFiles({ 'tools.json': JSON.stringify(tools, null, 2) })
  return { file: join(dir, 'tools.json'), result: await runMain(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai:gpt-4o']) }
}

describe('a tool definition with an unknown key is bad input, not a tool without that key', () => {
  it('a misspelt parameters in the bare form: exit 2 naming the file, the tool and the key, with "did you mean"', async () => {
    const { file, result } = await loadWithCli([{ name: 'get_weather', description: 'Weather', paramaters: schema }])
    expectInputError(result, `${file}:`, '0.paramaters', 'tool "get_weather"', 'unknown key "paramaters"', 'did you mean "parameters"')
  })

  it('inputSchema in the OpenAI form points at parameters', async () => {
    const { file, result } = await loadWithCli([{ type: 'function', function: { name: 'get_weather', description: 'Weather', inputSchema: schema } }])
    expectInputError(result, file, '0.function.inputSchema', 'tool "get_weather"', 'unknown key "inputSchema"', 'did you mean "parameters"')
  })

  it('an unknown key beside function in the OpenAI form, and strict, which is not sent', async () => {
    const outer = await loadWithCli([{ type: 'function', function: { name: 'get_weather', parameters: schema }, fucntion: {} }])
    expectInputError(outer.result, '0.fucntion', 'did you mean "function"')
    const strict = await loadWithCli([{ type: 'function', function: { name: 'get_weather', parameters: schema, strict: true } }])
    expectInputError(strict.result, '0.function.strict', 'non-strict')
  })

  it('a slip aimed at another form\'s schema key, and two schema keys at once', async () => {
    expectInputError((await loadWithCli([{ name: 'get_weather', input_shema: schema }])).result, 'did you mean "input_schema"')
    expectInputError((await loadWithCli([{ name: 'get_weather', parameters: schema, input_schema: schema }])).result, '0.input_schema', 'both "parameters" and "input_schema"')
  })
})

describe('the MCP form is a fourth tool form', () => {
  it('{ name, description, inputSchema } (and what tools/list adds) loads with inputSchema as the parameters', () => {
    const dir = tempFiles({
      'tools.json': JSON.stringify([
        { name: 'get_weather', title: 'Weather', description: 'Weather', inputSchema: schema, annotations: { readOnlyHint: true } },
        { type: 'function', name: 'get_time', parameters: schema },
      ]),
    })
    expect(loadToolsFile(join(dir, 'tools.json'))).toEqual([
      { name: 'get_weather', description: 'Weather', parameters: schema },
      { name: 'get_time', parameters: schema },
    ])
  })

  it('a suite with MCP-form tools runs and judges calls against inputSchema', async () => {
    const dir = tempFiles({
      'tools.json': JSON.stringify([{ name: 'get_weather', description: 'Weather', inputSchema: schema }]),
      'suite.yaml': 'name: mcp-form\ntools: ./tools.json\ncases:\n  - { id: a, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }\n',
      'script.yaml': 'a:\n  - tool_calls: [{ name: get_weather, arguments: { city: Oslo, country: NO } }]\n  - content: Cold.\n',
    })
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expect(result.code, result.stderr).toBe(1)
    expect(result.stdout).toContain('hallucinated_param')
  })
})
