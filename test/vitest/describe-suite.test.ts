import { describe, expect, it } from 'vitest'
import { describeSuite } from '../../src/vitest/index.ts'

// describeSuite registers real tests in this file: the bundled weather cases the baseline passes, each as a test
// named `suite/case [model]`, and a model without its API key, whose tests skip with the reason.
describeSuite('suites/weather/suite.yaml', { model: 'baseline', cases: ['current-*', 'forecast-*'], concurrency: 2 })
describeSuite('suites/weather/suite.yaml', {
  model: 'openai:gpt-4.1-mini',
  cases: ['current-paris'],
  modelOptions: { 'openai:gpt-4.1-mini': { apiKeyEnv: 'TOOLGAUGE_TEST_KEY_THAT_IS_NEVER_SET' } },
})

describeSuite('examples/descriptions/suite.yaml', { model: 'baseline', cases: ['status-shipped'], variant: 'vague' })

describe('describeSuite', () => {
  it('registers one test per case and model, named suite/case [model]', ({ task }) => {
    const names = collectedNames(task.file.tasks)
    expect(names).toEqual(expect.arrayContaining([
      'weather/current-paris [baseline]',
      'weather/current-fahrenheit [baseline]',
      'weather/forecast-days [baseline]',
      'weather/forecast-range [baseline]',
      'weather/current-paris [openai:gpt-4.1-mini]',
      'store-orders/status-shipped [baseline] {vague}',
    ]))
    expect(names.filter((name) => name.startsWith('weather/') && name.includes('[baseline]'))).toHaveLength(4)
  })

  it('rejects a call without a model', () => {
    expect(() => describeSuite('suites/weather/suite.yaml', {})).toThrow(/needs `model` or `models`/)
  })
})

/** The names of the tests registered in this file, from the running test's module. */
function collectedNames(tasks: readonly unknown[]): string[] {
  const names: string[] = []
  const walk = (tasks: readonly unknown[]): void => {
    for (const entry of tasks as { type: string; name: string; tasks?: unknown[] }[]) {
      if (entry.type === 'test') names.push(entry.name)
      if (entry.tasks) walk(entry.tasks)
    }
  }
  walk(tasks)
  return names
}
