// The two-case weather fixture the harness-error tests share: one tool, an Oslo and a Paris case, and a script that
// calls the tool once per case and then answers. Tests add their own hooks or stubs around it.

/** tools.json text: one `get_weather(city)` tool. */
export const weatherToolsJson = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])

/** script.yaml text for a `scripted:` model: each case calls get_weather for its city, then answers. */
export const twoCityScript = [
  'oslo:',
  '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Oslo } }]',
  '  - content: Cold.',
  'paris:',
  '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]',
  '  - content: Mild.',
].join('\n')

/** The suite lines of the two cases (`cases:` and its entries), each expecting its city's call. */
export const twoCityCases: readonly string[] = [
  'cases:',
  '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }',
  '  - { id: paris, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }',
]
