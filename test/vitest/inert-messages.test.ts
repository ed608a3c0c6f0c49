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
})
