import { tempFiles } from '../helpers/cli.ts'

/**
 * Two models × two tool-description variants × three repeats on three cases, for the HTML layout test: `baseline`
 * and a scripted model (whose spec is a long temp path, so its labels are long), a flaky case, a case failing
 * with two wrong arguments, and an `afterToolCall` hook that rewrites one tool's result.
 */
export function layoutSuite(): { dir: string; suite: string; script: string } {
  const tools = [
    { name: 'get_weather', description: 'Current weather for a city, in the unit asked for.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer', minimum: 1, maximum: 7 } }, required: ['city'], additionalProperties: false } },
    { name: 'get_time', description: 'Current local time in a city.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'], additionalProperties: false } },
  ]
  const weather = (args: Record<string, unknown>) => [{ tool_calls: [{ id: 'c1', name: 'get_weather', arguments: args }] }, { content: 'It is 18 degrees.' }]
  const script = [
    'paris:',
    '  repeats:',
    ...[{ city: 'Paris', unit: 'celsius' }, { city: 'Lyon', unit: 'fahrenheit' }, { city: 'Paris', unit: 'celsius' }].map((args) => `    - ${JSON.stringify(weather(args))}`),
    `lyon-week: ${JSON.stringify(weather({ city: 'Lyon', days: 5, unit: 'celsius' }))}`,
    `time-oslo: ${JSON.stringify([{ tool_calls: [{ id: 'c1', name: 'get_time', arguments: { city: 'Oslo' } }] }, { content: 'It is noon.' }])}`,
    '',
  ].join('\n')
  const dir = tempFiles({
    'suite/tools.json': JSON.stringify(tools, null, 2),
    'suite/terse.yaml': 'get_weather:\n  description: Weather.\nget_time:\n  description: Time.\n',
    'suite/hooks.mjs': "export function afterToolCall(call, result) { return call.name === 'get_time' ? { result: { time: '12:00', rewritten: true } } : undefined }\n",
    'suite/suite.yaml': [
      'name: layout',
      'tools: ./tools.json',
      'hooks: ./hooks.mjs',
      'variants:',
      '  terse: ./terse.yaml',
      'stubs:',
      '  get_weather:',
      '    - result: { temp: 18 }',
      '  get_time:',
      '    - result: { time: "11:00" }',
      'cases:',
      '  - id: paris',
      '    prompt: What is the weather in Paris, in celsius?',
      '    expect: { calls: [{ name: get_weather, args: { city: Paris, unit: celsius } }] }',
      '  - id: lyon-week',
      '    prompt: The weather in Lyon for the next 3 days, please.',
      '    expect: { calls: [{ name: get_weather, args: { city: Lyon, days: 3 } }] }',
      '  - id: time-oslo',
      '    prompt: What time is it in Oslo?',
      '    expect: { calls: [{ name: get_time, args: { city: Oslo } }] }',
      '',
    ].join('\n'),
    'script-for-the-scripted-model-with-a-long-name.yaml': script,
  })
  return { dir, suite: `${dir}/suite`, script: `${dir}/script-for-the-scripted-model-with-a-long-name.yaml` }
}
