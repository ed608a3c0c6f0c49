import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }])

describe('hooks are a suite setting', () => {
  it('the loaded suite names its hooks module once; cases do not carry a copy', async () => {
    const dir = tempFiles({
      'tools.json': tools,
      'hooks.mjs': 'export function beforeToolCall() {}\n',
      'suite.yaml': 'name: hooked\ntools: ./tools.json\nhooks: ./hooks.mjs\ncases:\n  - { id: a, prompt: hi }\n  - { id: b, prompt: ho }\n',
    })
    const suite = await loadSuite(join(dir, 'suite.yaml'))
    expect(suite.hooks).toBe(join(dir, 'hooks.mjs'))
    expect(suite.cases.map((testCase) => Object.hasOwn(testCase, 'hooks'))).toEqual([false, false])
  })
})
