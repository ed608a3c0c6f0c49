// lint-tools on a 400-tool set (issue 14: "a fixture of 400 tools lints in under a second").
// Run: npm run bench -- lint
import { performance } from 'node:perf_hooks'
import type { ToolDefinition } from '../src/core/tool.ts'
import { lintTools } from '../src/lint/lint-tools.ts'

const nouns = 'order invoice customer ticket refund shipment product review payment account address coupon cart wishlist report'.split(' ')
const verbs = 'get list create update delete search cancel export'.split(' ')

// Realistic tools: a description of 10–20 words, three documented parameters, an enum; some vague on purpose.
function makeTool(index: number): ToolDefinition {
  const noun = nouns[index % nouns.length] ?? 'item'
  const verb = verbs[Math.floor(index / nouns.length) % verbs.length] ?? 'get'
  return {
    name: `${verb}_${noun}_${index}`,
    description: index % 10 === 0 ? `Handles ${noun}s.` : `${verb[0]?.toUpperCase()}${verb.slice(1)}s one ${noun} of the store by its id and returns it as JSON with status and dates (variant ${index}).`,
    parameters: {
      type: 'object',
      properties: {
        [`${noun}_id`]: { type: 'string', description: `The ${noun} id, e.g. ${noun.slice(0, 3).toUpperCase()}-${index}` },
        status: { type: 'string', enum: ['open', 'closed', 'pending'], description: 'Filter by status' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most results to return (default 20)' },
      },
      required: [`${noun}_id`],
    },
  }
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const tools = Array.from({ length: 400 }, (_, index) => makeTool(index))
  const cold = performance.now()
  const findings = await lintTools(tools)
  console.log(`400 tools, every rule, first call (token encoding load included): ${(performance.now() - cold).toFixed(0)} ms, ${findings.length} findings`)
  const warm = performance.now()
  const rounds = 5
  for (let round = 0; round < rounds; round++) await lintTools(tools)
  console.log(`400 tools, every rule, warm: ${((performance.now() - warm) / rounds).toFixed(0)} ms per lint`)
  const noTokens = performance.now()
  for (let round = 0; round < rounds; round++) await lintTools(tools, { severities: { 'heavy-tool': 'off' } })
  console.log(`400 tools, heavy-tool off: ${((performance.now() - noTokens) / rounds).toFixed(0)} ms per lint`)
}
