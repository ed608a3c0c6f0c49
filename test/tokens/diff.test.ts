import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runMain, tempFiles } from '../helpers/cli.ts'
import type { ToolTokenDiff } from '../../src/tokens/tool-token-diff.ts'

const weather = { name: 'get_weather', description: 'Gets the current weather for a city.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } } } }
const search = { name: 'search_docs', description: 'Searches the docs.', parameters: { type: 'object', properties: { query: { type: 'string' } } } }
const time = { name: 'get_time', description: 'Gets the local time in a city.', parameters: { type: 'object', properties: {} } }
const grown = { ...weather, description: `${weather.description} Returns temperature in celsius, sky, wind speed and direction, humidity and the UV index, updated every ten minutes.` }

function files() {
  const dir = tempFiles({
    'old.json': JSON.stringify([weather, search, time]),
    // get_weather grew, search_docs is unchanged, get_time was removed, get_date is new
    'new.json': JSON.stringify([grown, search, { ...time, name: 'get_date', description: 'Gets the date.' }]),
  })
  return { old: join(dir, 'old.json'), now: join(dir, 'new.json') }
}

describe('toolgauge tokens --diff', () => {
  it('reports per-tool deltas offline, largest growth first, with added and removed tools', async () => {
    const { old, now } = files()
    const { code, stdout } = await runMain(['tokens', '--tools', now, '--diff', old, '--json'])
    expect(code).toBe(0)
    const diff = JSON.parse(stdout) as ToolTokenDiff
    expect(diff.model).toBe('openai:gpt-4o')
    expect(diff.tools.map((tool) => [tool.name, tool.status])).toEqual([
      ['get_weather', 'changed'], ['get_date', 'added'], ['get_time', 'removed'], ['search_docs', 'unchanged'],
    ])
    const weatherDelta = diff.tools[0]
    expect(weatherDelta?.delta).toBeGreaterThan(20)
    expect(weatherDelta?.delta).toBe((weatherDelta?.after ?? 0) - (weatherDelta?.before ?? 0))
    expect(diff.tools.find((tool) => tool.name === 'get_time')).toMatchObject({ after: null })
    expect(diff.delta).toBe(diff.after - diff.before)
  })

  it('prints a table, or Markdown for a PR comment, per model', async () => {
    const { old, now } = files()
    const table = await runMain(['tokens', '--tools', now, '--diff', old])
    expect(table.stdout).toMatch(/get_weather\s*│\s*\d+\s*│\s*\d+\s*│\s*\+\d+/)
    expect(table.stdout).toMatch(/get_date\s*│\s*\(new\)/)
    const markdown = await runMain(['tokens', '--tools', now, '--diff', old, '--markdown', '--model', 'openai:gpt-4o', '--model', 'anthropic:claude-haiku-4-5'])
    expect(markdown.code).toBe(0)
    expect(markdown.stdout).toContain('| tool | old | new | Δ tokens | Δ % |')
    expect(markdown.stdout).toMatch(/\| `get_time` \| \d+ \| \(removed\) \| −\d+ \|/)
    expect(markdown.stdout).toContain('**anthropic:claude-haiku-4-5: tool-definition tokens per request')
  })

  it.each([
    [['--measure'], '--measure: cannot be combined with --diff'],
    [['--diff', 'missing.json'], 'missing.json: no such file: '],
  ])('rejects bad combinations with exit 2: %j', async (extra, message) => {
    const { old, now } = files()
    const args = extra[0] === '--diff' ? ['--tools', now, ...extra] : ['--tools', now, '--diff', old, ...extra]
    const { code, stderr } = await runMain(['tokens', ...args])
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })

  it('--markdown needs --diff', async () => {
    const { now } = files()
    const { code, stderr } = await runMain(['tokens', '--tools', now, '--model', 'openai:gpt-4o', '--markdown'])
    expect(code).toBe(2)
    expect(stderr).toContain('--markdown: needs --diff')
  })
})

describe('toolgauge tokens --diff with hostile tool names', () => {
  // Tool names come from tools files and MCP servers: one name is each of a pipe, HTML, a backtick and bidi/ESC.
  const hostile = ['get|weather', 'x<img src=x onerror=alert(1)>', 'tick`tock', 'flip\u202eevil\u001b[2J']
  function hostileFiles() {
    const tools = hostile.map((name) => ({ ...weather, name }))
    const dir = tempFiles({ 'old.json': JSON.stringify(tools.slice(0, 3)), 'new.json': JSON.stringify(tools.slice(1)) })
    return { old: join(dir, 'old.json'), now: join(dir, 'new.json') }
  }
  const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

  it('--markdown keeps each name in its cell, HTML in a code span or escaped, controls written visibly', async () => {
    const { old, now } = hostileFiles()
    const { code, stdout } = await runMain(['tokens', '--tools', now, '--diff', old, '--markdown'])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(raw)
    const rows = stdout.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| tool |'))
    expect(rows).toHaveLength(5) // four tools and the total
    for (const row of rows) {
      const cells = row.split(/(?<!\\)\|/)
      expect(cells).toHaveLength(7) // five cells, a pipe before and after each
      // Outside a code span HTML would render: a name is one only when it can be (no backtick, pipe or newline).
      const name = cells[1]!.trim()
      if (!/^`[^`]*`$/.test(name)) expect(name).not.toMatch(/[<>]/)
    }
    expect(stdout).toContain('| get\\|weather | ')
    expect(stdout).toContain('| `x<img src=x onerror=alert(1)>` | ')
    expect(stdout).toContain('| tick\\`tock | ')
    expect(stdout).toContain('| `flip\\u202eevil\\x1b[2J` | (new) | ')
  })

  it('the terminal table prints each name inert', async () => {
    const { old, now } = hostileFiles()
    const { code, stdout } = await runMain(['tokens', '--tools', now, '--diff', old])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(raw)
    expect(stdout).toContain('flip\\u202eevil\\x1b[2J')
  })
})
