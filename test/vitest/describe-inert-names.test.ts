// vitest prints a describeSuite test's name and error to the terminal: the suite name, case id and model spec
// in them come from files, so they are inert there as in the matchers' messages.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { caseTestFailure, caseTestName } from '../../src/vitest/test-text.ts'
import { tempFiles } from '../helpers/cli.ts'
import { weatherToolsJson } from '../helpers/two-city-suite.ts'

const evilSuite = 'evil\u001b[2J'
const evilCase = 'paris\u001b]0;pwned\u0007\u202e'
const active = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/

const dir = tempFiles({
  'tools.json': weatherToolsJson,
  'suite.json': JSON.stringify({ name: evilSuite, tools: './tools.json', cases: [{ id: evilCase, prompt: 'Weather in Paris?', expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }] } }] }),
  'script.json': JSON.stringify({ [evilCase]: [{ tool_calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }] }, { content: 'Mild.' }] }),
  'wrong.json': JSON.stringify({ [evilCase]: [{ tool_calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Lyon' } }] }, { content: 'Mild.' }] }),
})
const model = `scripted:${join(dir, 'script.json')}`
describeSuite(join(dir, 'suite.json'), { model })

describe('describeSuite names and errors are inert', () => {
  it('registers the test under an inert name', ({ task }) => {
    const names = (task.file.tasks as { type: string; name: string; tasks?: { type: string; name: string }[] }[]).flatMap((entry) => entry.tasks ?? []).filter((entry) => entry.type === 'test' && entry.name.includes('[scripted:')).map((entry) => entry.name)
    expect(names).toHaveLength(1)
    expect(names[0]).toContain('evil\\x1b[2J/paris\\x1b]0;pwned\\x07\\u202e')
    expect(names[0]).not.toMatch(active)
  })

  it('fails a test whose case failed with an inert error naming the case', async () => {
    const scored = await runCase({ suite: join(dir, 'suite.json'), case: evilCase, model: `scripted:${join(dir, 'wrong.json')}` })
    expect(scored.result.verdict).toBe('failed')
    const message = caseTestFailure(scored, `${evilSuite}-model`, 'failed')
    expect(message).toContain('evil\\x1b[2J/paris\\x1b]0;pwned\\x07\\u202e [evil\\x1b[2J-model] failed: wrong_argument_value')
    expect(message).not.toMatch(active)
    expect(caseTestName({ suite: evilSuite, id: evilCase, variant: 'v\u001b' }, 'm', 1)).toBe('evil\\x1b[2J/paris\\x1b]0;pwned\\x07\\u202e [m] {v\\x1b} #2')
  })
})
