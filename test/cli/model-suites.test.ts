// A model entry's `suites:` says which suites it answers: a scripted model written for one suite runs with other
// suites in the same run, their cases left unscripted; `--filter` narrows a scripted model the same way.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tool = (name: string) => `  - { name: ${name}, description: ${name.replace('_', ' ')} for a city, parameters: { type: object, properties: { city: { type: string } }, required: [city] } }`
const suiteYaml = (name: string, toolName: string, cities: readonly string[]) => [`name: ${name}`, 'tools:', tool(toolName), 'cases:',
  ...cities.map((city) => `  - { id: ${name}-${city.toLowerCase()}, prompt: ${toolName} in ${city}?, expect: { calls: [{ name: ${toolName}, args: { city: ${city} } }] } }`)].join('\n')
const weatherScript = ['Paris', 'Oslo'].map((city) => `weather-${city.toLowerCase()}:\n  - tool_calls: [{ name: get_weather, arguments: { city: ${city} } }]\n  - content: Sunny.`).join('\n')

function project(config: string) {
  return tempFiles({
    'weather/suite.yaml': suiteYaml('weather', 'get_weather', ['Paris', 'Oslo']),
    'clock/suite.yaml': suiteYaml('clock', 'get_time', ['Rome', 'Lima']),
    'script.yaml': weatherScript,
    'toolgauge.config.yaml': config,
  })
}
const run = (dir: string, ...args: string[]) => runMain(['run', '--config', join(dir, 'toolgauge.config.yaml'), '--out', join(dir, 'out'), ...args])
const resultsOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as Report).results.map((result) => `${result.model} ${result.suite}/${result.case} ${result.passed}`)

describe('models answering some suites', () => {
  it('a scripted model with suites: [weather] runs the weather cases only; the other models run every suite', async () => {
    const dir = project('suites: [weather, clock]\nmodels:\n  - { spec: "scripted:script.yaml", suites: [weather] }\n  - baseline\n')
    const result = await run(dir)
    expect(result.code, result.stderr).toBe(0)
    expect(resultsOf(dir)).toEqual([
      'scripted:script.yaml weather/weather-paris true', 'baseline weather/weather-paris true',
      'scripted:script.yaml weather/weather-oslo true', 'baseline weather/weather-oslo true',
      'baseline clock/clock-rome true', 'baseline clock/clock-lima true',
    ])
    // --resume plans the same tasks: everything is kept.
    const resumed = await run(dir, '--resume')
    expect(resumed.stdout).toContain('Resumed: 6 result(s) kept, 0 re-run')
  })

  it('model: and spec: are one field; labels and settings go with suites:', async () => {
    const dir = project('suites: [weather, clock]\nmodels:\n  - { model: "scripted:script.yaml", label: weather-script, suites: [weather] }\n')
    const result = await run(dir)
    expect(result.code, result.stderr).toBe(0)
    expect(resultsOf(dir)).toEqual(['weather-script weather/weather-paris true', 'weather-script weather/weather-oslo true'])
    const both = await run(project('suites: [weather]\nmodels:\n  - { model: baseline, spec: baseline }\n'))
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('models.0: give the model once')
  })

  it('a suites: name that matches no suite of the run says so with did you mean, naming the config line (exit 2)', async () => {
    const dir = project('suites: [weather, clock]\nmodels:\n  - baseline\n  - spec: "scripted:script.yaml"\n    suites: [wether]\n')
    const result = await run(dir)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${join(dir, 'toolgauge.config.yaml')}:5: models.1.suites.0: model "scripted:script.yaml" names suite "wether", which is not a suite of this run (did you mean "weather"?)`)
  })

  it('--filter narrows a scripted model to the suite it scripts', async () => {
    const dir = project('suites: [weather, clock]\n')
    const result = await run(dir, '--model', `scripted:${join(dir, 'script.yaml')}`, '--filter', 'weather/*')
    expect(result.code, result.stderr).toBe(0)
    expect(resultsOf(dir)).toHaveLength(2)
  })
})
