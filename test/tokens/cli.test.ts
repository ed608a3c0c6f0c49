import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runMain } from '../helpers/cli.ts'

let dir: string
const tools = [
  { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  { name: 'search_docs', description: 'Search the documentation', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgauge-tokens-'))
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
  writeFileSync(join(dir, 'suite.yaml'), 'name: s\ntools: ./tools.json\ncases: []\n')
  writeFileSync(join(dir, 'messages.json'), JSON.stringify([
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '{"temp":20}' },
  ]))
  // hmarr's API-validated case 2 (gpt-3.5-turbo): a named system message costs 20 prompt tokens.
  writeFileSync(join(dir, 'named.json'), JSON.stringify([{ role: 'system', name: 'example_user', content: 'New synergies will help drive top-line growth.' }]))
  writeFileSync(join(dir, 'bad-messages.json'), '[\n  {"role": "user", "content": "hi"},\n  {"role": "robot", "content": "x"}\n]')
})

afterEach(() => vi.restoreAllMocks())

/** The CLI in-process, with stdout and stderr captured. */
async function run(argv: string[]) {
  const { code, stdout: out, stderr: err } = await runMain(argv)
  return { code, out, err }
}

describe('toolgauge tokens', () => {
  it('prints a per-tool table by default', async () => {
    const { code, out } = await run(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai:gpt-4o'])
    expect(code).toBe(0)
    expect(out).toMatch(/openai:gpt-4o: calibrated-render, o200k_base, ±\d+/)
    expect(out).toContain('rules: openai chat: gpt-4o generation')
    expect(out).toMatch(/get_weather\s*│\s*\d+/)
    expect(out).toContain('(fixed overhead)')
    expect(out).toContain('whole prompt')
  })

  it('prints JSON with --json, and an array for several models', async () => {
    const one = await run(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai:gpt-4o', '--json', '--messages', join(dir, 'messages.json'), '--tool-choice', '{"type":"function","function":{"name":"get_weather"}}'])
    expect(one.code).toBe(0)
    const parsed = JSON.parse(one.out) as { perTool: { name: string }[]; promptTokens: number; toolTokens: number; method: string }
    expect(parsed.perTool.map((t) => t.name)).toEqual(['get_weather', 'search_docs'])
    expect(parsed.promptTokens).toBeGreaterThan(parsed.toolTokens)
    const many = await run(['tokens', '--tools', join(dir, 'suite.yaml'), '--model', 'openai:gpt-4o', '--model', 'anthropic:claude-haiku-4-5', '--json'])
    expect(many.code).toBe(0)
    expect((JSON.parse(many.out) as { family: string }[]).map((c) => c.family)).toEqual(['openai-chat', 'anthropic'])
  })

  it('keeps the name field of messages (it costs tokens)', async () => {
    const { code, out } = await run(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai:gpt-3.5-turbo', '--messages', join(dir, 'named.json'), '--json'])
    expect(code).toBe(0)
    const count = JSON.parse(out) as { promptTokens: number; toolTokens: number }
    expect(count.promptTokens - count.toolTokens).toBe(20)
  })

  it('says which rules it used, and counts a hosted Claude with the Anthropic rules (thinking text with --reasoning)', async () => {
    const argv = ['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai-compatible:anthropic/claude-sonnet-4.5', '--json']
    const plain = JSON.parse((await run(argv)).out) as { rules: string; family: string; promptTokens: number; fixedOverhead: number }
    expect(plain).toMatchObject({ family: 'anthropic', rules: 'anthropic: Claude via openai-compatible' })
    expect(plain.fixedOverhead - 496).toBeGreaterThanOrEqual(0) // Sonnet 4.5's table row, + the empty <functions> wrapper
    expect(plain.fixedOverhead - 496).toBeLessThan(10)
    const thinking = JSON.parse((await run([...argv, '--reasoning'])).out) as { promptTokens: number }
    expect(thinking.promptTokens - plain.promptTokens).toBe(33)
  })

  it.each([
    [['--model', 'openai:gpt-4o'], '--tools: is required'],
    [['--tools', 'TOOLS'], '--model: is required'],
    [['--tools', 'TOOLS', '--model', 'openai:gpt-4o', '--tool-choice', 'maybe'], '--tool-choice: expected auto, none, required'],
    [['--tools', 'TOOLS', '--model', 'openai:gpt-4o', '--tool-choice', '{"name":"nope"}'], 'names tool "nope"'],
    [['--tools', 'TOOLS', '--model', 'openai:gpt-4o', '--messages', 'BAD'], 'bad-messages.json:3: [1].role: expected one of'],
    [['--tools', 'missing.json', '--model', 'openai:gpt-4o'], 'missing.json: no such file: '],
    [['--tools', 'TOOLS', '--model', 'openai:gpt-4o', '--bogus'], 'unknown flag "--bogus"'],
    [['--tools', 'TOOLS', '--model', 'opnai:gpt-4o'], '--model: unknown model spec "opnai:gpt-4o" (did you mean "openai:gpt-4o"?)'],
    [['--tools', 'TOOLS', '--model', 'baseline:foo'], '--model: model spec "baseline:foo": baseline takes no argument'],
    [['--tools', 'TOOLS', '--model', 'anthropic:claude-sonnet-4-5', '--reasoning', '--measure'], '--reasoning: cannot be measured yet'],
  ])('rejects bad input with exit 2 naming the field: %j', async (args, message) => {
    const argv = args.map((a) => (a === 'TOOLS' ? join(dir, 'tools.json') : a === 'BAD' ? join(dir, 'bad-messages.json') : a))
    const { code, err } = await run(['tokens', ...argv])
    expect(code).toBe(2)
    expect(err).toContain(message)
  })
})
