import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityCases, twoCityScript, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'


describe('a hook that throws (the user\'s harness code)', () => {
  it('ends that case with harness_error, the run goes on, the report is written, exit 2 and no stack trace', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'hooks.mjs': 'export function beforeToolCall(call) {\n  if (call.arguments.city === "Oslo") throw new RangeError("no quota left for Oslo")\n}\n',
      'suite.yaml': [
        'name: hooked',
        'tools: ./tools.json',
        'hooks: ./hooks.mjs',
        ...twoCityCases,
      ].join('\n'),
      'script.yaml': twoCityScript,
    })
    const result = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', join(dir, 'out')])
    expect(result.code, result.stderr).toBe(2)
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/)
    expect(result.stderr).toContain('harness_error')
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Report
    const [oslo, paris] = report.results
    expect(oslo?.failures).toEqual([{ kind: 'harness_error', message: 'beforeToolCall threw on get_weather (call c1): RangeError: no quota left for Oslo' }])
    expect(paris?.passed).toBe(true)
  })
})
