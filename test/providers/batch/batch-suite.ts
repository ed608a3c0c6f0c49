// Suites for the batch tests, played by the fake weatherModel (test/providers/fake/behaviour.ts): a case naming one
// city takes 2 turns (the call, then a summary), one with tool_choice: none takes 1, and one naming two cities with
// parallel calls off takes 3.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** How many turns a case of the suite takes; `'conversation'`: two user messages, of 2 turns and 1. */
export type CaseShape = 1 | 2 | 3 | 'conversation'

/** The suite's `tools:` block: the one get_weather tool the fake weatherModel calls. */
export const weatherToolLines = [
  'tools:',
  '  - name: get_weather',
  '    description: Current weather for a city',
  '    parameters: { type: object, properties: { city: { type: string } }, required: [city], additionalProperties: false }',
]

const header = [
  'name: batched',
  ...weatherToolLines,
  'stubs:',
  '  get_weather:',
  '    - when: { city: Paris }',
  '      result: { city: Paris, temperature: 18 }',
  '    - result: { temperature: 21 }',
  'cases:',
]

/** One case line of a shape (its id `c<index>`); every fourth 2-turn case expects the wrong city, so it fails. */
function caseLine(index: number, shape: CaseShape): string {
  const id = `c${String(index).padStart(3, '0')}`
  if (shape === 1) return `  - { id: ${id}, prompt: "Say hello to Paris", tool_choice: none, expect: { final: { contains: ["No tools"] } } }`
  if (shape === 'conversation') return `  - { id: ${id}, conversation: [{ user: "Weather in Paris?", expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }, { user: "Thanks, and a summary?", expect: { final: { contains: ["Summary"] } } }] }`
  if (shape === 3) return `  - { id: ${id}, prompt: "Weather in Paris and Oslo?", parallel_tool_calls: false, expect: { calls: [{ name: get_weather, args: { city: Paris } }, { name: get_weather, args: { city: Oslo } }], final: { contains: ["21"] } } }`
  const city = index % 4 === 3 ? 'Oslo' : 'Paris'
  return `  - { id: ${id}, prompt: "Weather in Paris?", expect: { calls: [{ name: get_weather, args: { city: ${city} } }], final: { contains: ["18"] } } }`
}

/** Writes `suite.yaml` with cases of the given shapes into `dir`; returns its path. */
export function writeBatchSuite(dir: string, shapes: readonly CaseShape[]): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'suite.yaml')
  const lines = shapes.length > 0 ? [...header, ...shapes.map((shape, index) => caseLine(index, shape))] : [...header.slice(0, -1), 'cases: []']
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}
