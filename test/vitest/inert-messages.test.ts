import { describe, expect, it } from 'vitest'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase } from '../../src/vitest/index.ts'
import { turn } from '../helpers/cases.ts'

const evil = 'EVIL\x1b[2J\x1b]8;;http://x\x07\x9b1A\u202eRTL\rCR'
const active = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/

describe('matcher messages are inert (vitest prints them to the terminal)', () => {
  it('a failing toCallTool quotes the model\'s arguments and text escaped', async () => {
    const turns = [turn('', ['get_current_weather', JSON.stringify({ location: evil })]), turn(`Sunny${evil}`)]
    const scored = await runCase({ suite: 'suites/weather/suite.yaml', case: 'current-paris', model: scriptedProvider('scripted:test', new Map([['current-paris', [turns]]])) })
    let message = ''
    try {
      expect(scored).toCallTool('get_current_weather', { location: 'Paris' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('wrong_argument_value')
    expect(message).not.toMatch(active)
    expect(message).toContain('EVIL\\x1b[2J')
  })

  it('the expected and actual vitest diffs (its own printer writes strings raw) are inert too', async () => {
    // A hostile tool name and argument: vitest prints the diff of `actual` and `expected` as they are.
    const turns = [turn('', [`get_current_weather${evil}`, JSON.stringify({ location: evil })]), turn('', ['get_current_weather', JSON.stringify({ location: evil })]), turn('done')]
    const scored = await runCase({ suite: 'suites/weather/suite.yaml', case: 'current-paris', model: scriptedProvider('scripted:test', new Map([['current-paris', [turns]]])) })
    const sidesOf = (assertion: () => void): unknown[] => {
      try {
        assertion()
      } catch (error) {
        const { actual, expected } = error as { actual?: unknown; expected?: unknown }
        return [actual, expected]
      }
      throw new Error('the matcher passed, but it should have failed')
    }
    const failing = {
      toCallTool: () => expect(scored).toCallTool('get_current_weather', { location: 'Paris' }),
      toNotCallTools: () => expect(scored).toNotCallTools(),
      toPassCase: () => expect(scored).toPassCase(),
      toCallToolsInOrder: () => expect(scored).toCallToolsInOrder([{ name: 'get_current_weather' }, { name: 'get_forecast' }]),
    }
    for (const [name, assertion] of Object.entries(failing)) {
      const sides = sidesOf(assertion)
      expect(JSON.stringify(sides), name).toContain('EVIL')
      expect(rawControl(sides), `${name}: ${JSON.stringify(sides)}`).toBe(false)
    }
  })
})

/** Whether any string in a value holds a control character a terminal acts on. */
function rawControl(value: unknown): boolean {
  if (typeof value === 'string') return active.test(value)
  if (Array.isArray(value)) return value.some(rawControl)
  return typeof value === 'object' && value !== null && Object.entries(value).some(([key, entry]) => active.test(key) || rawControl(entry))
}
