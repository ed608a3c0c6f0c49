import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

// The version toolgauge reports, switchable per run: an "upgrade" between two runs of the same out folder.
const version = vi.hoisted(() => ({ current: '0.0.9' }))
vi.mock('../../src/version.ts', () => ({ get toolgaugeVersion() { return version.current } }))

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: upgrade', 'tools: ./tools.json', 'cases:',
  ...['Paris', 'Rome'].flatMap((city) => [`  - id: ${city.toLowerCase()}`, `    prompt: Weather in ${city}?`, '    expect:', `      calls: [{ name: get_weather, args: { city: ${city} } }]`])].join('\n')
const script = ['Paris', 'Rome'].flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.']).join('\n')

describe('--resume after a toolgauge upgrade', () => {
  it('re-runs every result made by another version, and says which', async () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'script.yaml': script })
    const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')]
    expect((await runMain(args)).code).toBe(0)
    expect((await runMain([...args, '--resume'])).stdout).toContain('Resumed: 2 result(s) kept, 0 re-run')
    version.current = '0.1.0'
    const upgraded = await runMain([...args, '--resume'])
    expect(upgraded.code).toBe(0)
    expect(upgraded.stdout).toContain('Resumed: 0 result(s) kept, 2 re-run')
    expect(upgraded.stdout).toContain('2 made by toolgauge 0.0.9, this is toolgauge 0.1.0')
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
    expect(report.results.map((result) => result.toolgaugeVersion)).toEqual(['0.1.0', '0.1.0'])
  })
})
