import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A tool name a model invents, written to break out of HTML if it were ever emitted unescaped. */
export const hostileToolName = `made_up<img src=x onerror="document.title='pwned'">`

const domains = ['weather', 'flights', 'banking', 'calendar', 'files', 'maps', 'music', 'shop']

/** BFCL-sized tool definitions: each with a description and typed parameters, like a real catalogue. */
function tools(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'function',
    function: {
      name: `tool_${i}`,
      description: `Looks up ${domains[i % domains.length]} records of kind ${i} for a city and a date range; returns at most \`limit\` entries.`,
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name, e.g. "Paris"' },
          from: { type: 'string', format: 'date', description: 'First day (YYYY-MM-DD)' },
          to: { type: 'string', format: 'date', description: 'Last day (YYYY-MM-DD)' },
          limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many entries to return' },
          units: { type: 'string', enum: ['metric', 'imperial'] },
        },
        required: ['city'],
      },
    },
  }))
}

/** What the scripted model does on a case: the right call, a neighbour's tool, no call, an invented tool, or an extra call. */
export type Behaviour = 'right' | 'swapped' | 'silent' | 'invented' | 'extra'

/**
 * Case i: every 11th calls a tool that does not exist (some with a markup-laden name); every 13th makes no call;
 * cases 5k and 5k+1 swap their tools; every 9th also calls the catch-all `tool_399`; the rest call the right tool.
 * Nearly every tool is both expected and called, so the confusion matrix spans ~400 × ~400, as a BFCL run's does.
 */
export function behaviour(i: number): Behaviour {
  if (i % 11 === 0) return 'invented'
  if (i % 13 === 0) return 'silent'
  if (i % 5 <= 1) return 'swapped'
  if (i % 9 === 0) return 'extra'
  return 'right'
}

/** The catch-all tool some cases call besides the right one. */
export const catchAllTool = 'tool_399'

function turnsFor(i: number, toolCount: number): unknown[] {
  const args = { city: `City ${i}`, from: '2026-01-01', to: '2026-01-07', limit: 5 }
  const calls = (...names: string[]) => [
    { tool_calls: names.map((name, n) => ({ id: `call_${i}_${n}`, name, arguments: args })) },
    { content: `Here is what ${names.join(' and ')} found for City ${i}.` },
  ]
  switch (behaviour(i)) {
    case 'invented': return calls(i % 22 === 0 ? hostileToolName : `invented_${i}`)
    case 'silent': return [{ content: `I cannot help with City ${i}.` }]
    case 'swapped': return calls(`tool_${(i % 5 === 0 ? i + 1 : i - 1) % toolCount}`)
    case 'extra': return calls(`tool_${i % toolCount}`, catchAllTool)
    case 'right': return calls(`tool_${i % toolCount}`)
  }
}

/** Writes a suite of `cases` cases over `toolCount` tools and the script of a model for it; returns their paths. */
export function bfclSizeSuite(cases = 400, toolCount = 400): { dir: string; suite: string; script: string } {
  const suite = {
    name: 'bfcl-size',
    description: 'A BFCL-sized catalogue: every case sees every tool.',
    tools: './tools.json',
    cases: Array.from({ length: cases }, (_, i) => ({
      id: `case-${i}`,
      prompt: `Find ${domains[i % domains.length]} records of kind ${i % toolCount} in City ${i} for the first week of January.`,
      expect: { calls: [{ name: `tool_${i % toolCount}`, args: { city: `City ${i}` } }] },
    })),
  }
  const script = Object.fromEntries(Array.from({ length: cases }, (_, i) => [`case-${i}`, turnsFor(i, toolCount)]))
  // No vitest import here: the benchmark writes the same suite.
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-bfcl-size-'))
  mkdirSync(join(dir, 'suite'))
  writeFileSync(join(dir, 'suite/tools.json'), JSON.stringify(tools(toolCount), null, 2))
  writeFileSync(join(dir, 'suite/suite.yaml'), JSON.stringify(suite, null, 2))
  writeFileSync(join(dir, 'script.json'), JSON.stringify(script))
  return { dir, suite: join(dir, 'suite'), script: join(dir, 'script.json') }
}
