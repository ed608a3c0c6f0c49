// Tokens per second counting tool definitions (issue 5), and the oracle accuracy table when ../shared is present.
// Run: npm run bench -- tokens
import { performance } from 'node:perf_hooks'
import type { ToolDefinition } from '../src/core/tool.ts'
import { countToolTokens } from '../src/tokens/count-tool-tokens.ts'
import { replayCookbook, replayHarmony, replayHmarr, replayPamelafox, summarize } from '../test/tokens/oracle-replay.ts'
import { hasSharedData, sharedData } from '../test/helpers/shared-data.ts'

const words = 'city state weather forecast unit temperature query search document ticket order customer refund date range limit page'.split(' ')

// A realistic tool: description, a few typed properties with descriptions, an enum, a nested object. `salt` makes
// every line unique so the memo cannot help (the cold-text case).
function makeTool(index: number, salt: string): ToolDefinition {
  const w = (k: number): string => words[(index * 7 + k) % words.length] ?? 'x'
  return {
    name: `tool_${index}_${salt}`,
    description: `Looks up the ${w(1)} and ${w(2)} for a ${w(3)} (${salt}-${index}). Returns JSON.`,
    parameters: {
      type: 'object',
      properties: {
        [w(4)]: { type: 'string', description: `The ${w(5)} to use, e.g. "${w(6)} ${salt}${index}"` },
        [`${w(7)}_count`]: { type: 'integer', description: `How many ${w(8)} items ${salt}${index}a` },
        mode: { type: 'string', enum: [`${w(9)}${salt}`, `${w(10)}${index}`], description: `Mode ${salt}${index}b` },
        filter: { type: 'object', description: `Filter ${salt}${index}c`, properties: { [w(11)]: { type: 'boolean', description: `Only ${w(12)} ${salt}${index}d` } } },
      },
      required: [w(4)],
    },
  }
}

async function throughput(label: string, model: string, toolCount: number, rounds: number, fresh: boolean, perTool: boolean): Promise<void> {
  let tokens = 0
  const started = performance.now()
  for (let round = 0; round < rounds; round++) {
    const salt = fresh ? `r${round}x` : 'same'
    const tools = Array.from({ length: toolCount }, (_, i) => makeTool(i, salt))
    tokens += (await countToolTokens({ model, tools, perTool })).toolTokens
  }
  const seconds = (performance.now() - started) / 1000
  const perSecond = Math.round(tokens / seconds)
  console.log(`${label.padEnd(58)} ${String(perSecond).padStart(10)} tool tokens/s  (${(seconds * 1000 / rounds).toFixed(2)} ms per call, ${Math.round(tokens / rounds)} tool tokens per call)`)
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const coldStart = performance.now()
  await countToolTokens({ model: 'openai:gpt-4o', tools: [makeTool(0, 'cold')] })
  // The table comes from the user cache once a run stored it (TOOLGAUGE_CACHE=off measures the build).
  const load = process.env.TOOLGAUGE_CACHE === 'off' ? 'built from its .tiktoken' : 'read from the user cache once stored'
  console.log(`first call, o200k_base load (${load}) included: ${(performance.now() - coldStart).toFixed(0)} ms`)
  await countToolTokens({ model: 'openai:gpt-4', tools: [makeTool(0, 'cold')] })

  console.log('\nthroughput (tool tokens counted per second of wall time; Node, one thread):')
  await throughput('openai:gpt-4o, 20 tools, fresh text, totals only', 'openai:gpt-4o', 20, 100, true, false)
  await throughput('openai:gpt-4, 20 tools, fresh text, totals only', 'openai:gpt-4', 20, 100, true, false)
  await throughput('openai:gpt-4o, 20 tools, same tools every case (runner)', 'openai:gpt-4o', 20, 500, false, false)
  await throughput('openai:gpt-4o, 20 tools, fresh text + leave-one-out', 'openai:gpt-4o', 20, 50, true, true)
  await throughput('openai:gpt-4o, 135 tools, fresh text + leave-one-out', 'openai:gpt-4o', 135, 5, true, true)
  await throughput('openai:gpt-oss-20b (harmony), 20 tools, fresh text', 'openai:gpt-oss-20b', 20, 100, true, false)
  await throughput('anthropic:claude-sonnet-4-5, 20 tools, fresh text', 'anthropic:claude-sonnet-4-5', 20, 100, true, false)

  // One tool whose description is 128k characters with no word break (issue 23, budget ≤ 0.2 s): the split
  // pattern makes each a single piece, which the BPE merge handles in O(n log n). Salted, so no memo helps.
  console.log('\none 128k-character tool description (openai:gpt-4o, encoding already loaded; budget ≤ 0.2 s):')
  const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
  let seed = 7
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const long: [string, (salt: string) => string][] = [
    ['one punctuation mark repeated', (salt) => `${salt}${'!'.repeat(128_000)}`],
    ['random punctuation', (salt) => `${salt}${Array.from({ length: 128_000 }, () => punctuation[Math.floor(random() * punctuation.length)]).join('')}`],
    ['random letters and digits, no spaces', (salt) => `${salt} ${Array.from({ length: 128_000 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('')}`],
  ]
  for (const [label, make] of long) {
    const description = make(`long${Math.random()}`)
    const started = performance.now()
    const { toolTokens } = await countToolTokens({ model: 'openai:gpt-4o', tools: [{ name: 'long', description, parameters: { type: 'object', properties: {} } }] })
    console.log(`${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(3).padStart(8)} s  (${toolTokens} tool tokens)`)
  }

  if (!hasSharedData('token-oracles')) {
    console.log('\noracle accuracy: skipped (../shared/data/token-oracles is absent)')
    return
  }
  const dir = sharedData('token-oracles')
  const hmarr = await replayHmarr(dir)
  const harmony = await replayHarmony(dir)
  const sets = [
    summarize('Cookbook example (4 models)', await replayCookbook(dir)),
    summarize('hmarr, without function_call', hmarr.filter((r) => !r.hasFunctionCall)),
    summarize('hmarr, with function_call', hmarr.filter((r) => r.hasFunctionCall)),
    summarize('pamelafox (tools API)', await replayPamelafox(dir)),
    summarize('harmony test render', [{ name: 'harmony', expected: 364, actual: harmony.tokens }]),
  ]
  console.log('\noracle accuracy:')
  console.log('| oracle set | cases | exact | within ±3 | diff range |')
  console.log('|---|---:|---:|---:|---|')
  for (const s of sets) console.log(`| ${s.set} | ${s.rows.length} | ${s.exact} | ${s.within3} | ${s.minDiff}…${s.maxDiff} |`)
  console.log(`harmony render byte-identical: ${harmony.rendered === harmony.expected}`)
}
