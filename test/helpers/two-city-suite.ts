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

/** The user's own modules a two-city suite loads (each `.mjs` text): hooks, a get_weather stub, a world, a custom check. */
export type UserModules = { readonly hooks?: string; readonly stubs?: string; readonly world?: string; readonly checks?: string }

/** The files (for `tempFiles`) of a two-city suite named `name` that loads `modules`; `suite` adds its own lines. */
export function twoCityUserSuite(name: string, modules: UserModules, suite: readonly string[] = []): Record<string, string> {
  const custom = modules.checks ? ', custom: { module: ./checks.mjs, export: check }' : ''
  const expectLine = (city: string) => `{ calls: [{ name: get_weather, args: { city: ${city} } }]${custom} }`
  return {
    'tools.json': weatherToolsJson,
    'script.yaml': twoCityScript,
    ...(modules.hooks ? { 'hooks.mjs': modules.hooks } : {}),
    ...(modules.stubs ? { 'stubs.mjs': modules.stubs } : {}),
    ...(modules.world ? { 'world.mjs': modules.world } : {}),
    ...(modules.checks ? { 'checks.mjs': modules.checks } : {}),
    'suite.yaml': [
      `name: ${name}`,
      'tools: ./tools.json',
      ...(modules.hooks ? ['hooks: ./hooks.mjs'] : []),
      ...(modules.stubs ? ['stubs: { get_weather: { module: ./stubs.mjs, export: weather } }'] : []),
      ...(modules.world ? ['world: { module: ./world.mjs, export: createWorld }'] : []),
      ...suite,
      'cases:',
      `  - { id: oslo, prompt: Weather in Oslo?, expect: ${expectLine('Oslo')} }`,
      `  - { id: paris, prompt: Weather in Paris?, expect: ${expectLine('Paris')} }`,
    ].join('\n'),
  }
}
