import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tool = (name: string, description: string) => ({ name, description, parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Paris' } }, required: ['city'] } })
const suite = (tools: string) => `name: weather\ntools: ${tools}\ncases:\n  - id: paris\n    prompt: What is the weather in Paris?\n    expect:\n      calls: [{ name: get_weather, args: { city: Paris } }]\n`

describe('compare reports tool-definition tokens per tool', () => {
  it('lists the tools whose definitions grew, with the delta, even when accuracy holds', async () => {
    const dir = tempFiles({
      'old/tools.json': JSON.stringify([tool('get_weather', 'Gets the current weather for one city.'), tool('get_time', 'Gets the local time in one city.')]),
      'new/tools.json': JSON.stringify([
        tool('get_weather', 'Gets the current weather for one city: temperature in celsius, sky, wind speed and direction, humidity, pressure, visibility and the UV index, updated every ten minutes.'),
        tool('get_time', 'Gets the local time in one city.'),
      ]),
      'old/suite.yaml': suite('./tools.json'),
      'new/suite.yaml': suite('./tools.json'),
    })
    for (const side of ['old', 'new']) {
      expect((await runMain(['run', join(dir, side, 'suite.yaml'), '--model', 'baseline', '--out', join(dir, side, 'out')])).code).toBe(0)
    }
    const head = JSON.parse(readFileSync(join(dir, 'new/out/report.json'), 'utf8')) as Report
    expect(Object.values(head.toolSets ?? {}).map((set) => set.map((t) => t.name))).toEqual([['get_weather', 'get_time']])
    const text = await runMain(['compare', join(dir, 'old/out/report.json'), join(dir, 'new/out/report.json'), '--fail-on-regression'])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/Tool-definition tokens per tool[^\n]*\n\s+baseline:\n\s+get_weather (\d+) → (\d+) \(\+\d+\)\n/)
    expect(text.stdout).not.toContain('get_time')
    const [, before, after] = /get_weather (\d+) → (\d+)/.exec(text.stdout) ?? []
    expect(Number(after) - Number(before)).toBeGreaterThan(20)
    const markdown = await runMain(['compare', join(dir, 'old/out/report.json'), join(dir, 'new/out/report.json'), '--markdown'])
    expect(markdown.stdout).toMatch(/\| `get_weather` \| \d+ \| \d+ \| \+\d+ \|/)
  })
})
