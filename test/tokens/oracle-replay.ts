import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Message } from '../../src/core/message.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import { textCounter } from '../../src/tokens/encodings.ts'
import { countHarmonyParts, defaultHarmonySystem, renderHarmonyConversation, type HarmonyPart } from '../../src/tokens/harmony-chat.ts'
import { openAiPromptWithTools, openAiPromptWithoutTools, type OpenAiCountMessage } from '../../src/tokens/openai-chat.ts'
import { readRecords } from '../../src/tokens/oracle-record.ts'
import { toolChoiceOf } from '../../src/tokens/tool-choice-flag.ts'

// Replays the oracle files of ../shared/data/token-oracles (read in place, never copied) through the counters.
// Used by the oracle tests and by `npm run bench -- tokens` to print the accuracy table.

/** One oracle case: what the API (or the published renderer) reported and what toolgauge counts. */
export type OracleRow = { readonly name: string; readonly expected: number; readonly actual: number }

/** The accuracy of one oracle set. */
export type OracleSummary = { readonly set: string; readonly rows: readonly OracleRow[]; readonly exact: number; readonly within3: number; readonly minDiff: number; readonly maxDiff: number }

type WireTool = { readonly type?: string; readonly function?: WireTool; readonly name: string; readonly description?: string; readonly parameters?: Record<string, unknown> }

function toolOf(entry: WireTool): ToolDefinition {
  const f = entry.function ?? entry
  return { name: f.name, ...(f.description !== undefined ? { description: f.description } : {}), parameters: f.parameters ?? {} }
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** The render as one string (specials written literally), for byte comparison with harmony's test data. */
export function harmonyText(parts: readonly HarmonyPart[]): string {
  return parts.map((part) => ('special' in part ? part.special : part.text)).join('')
}

/** The Cookbook weather example, per model (API prompt_tokens 105 for gpt-3.5-turbo/gpt-4, 101 for gpt-4o/-mini). */
export async function replayCookbook(dir: string): Promise<OracleRow[]> {
  const data = readJson<{ tools: WireTool[]; messages: Message[]; api_prompt_tokens: Record<string, number> }>(join(dir, 'openai_cookbook_tools.json'))
  const tools = data.tools.map(toolOf)
  const rows: OracleRow[] = []
  for (const [model, expected] of Object.entries(data.api_prompt_tokens)) {
    const { promptTokens } = await countToolTokens({ model: `openai:${model}`, tools, messages: data.messages, perTool: false })
    rows.push({ name: `cookbook ${model}`, expected, actual: promptTokens })
  }
  return rows
}

type HmarrCase = {
  messages: { role: string; content?: string; name?: string; function_call?: { name: string; arguments: string } }[]
  functions?: WireTool[]
  function_call?: 'auto' | 'none' | { name: string }
  tokens: number
}

/** hmarr's 36 gpt-3.5-turbo cases (legacy `functions` API, so counted in the `functions` dialect). */
export async function replayHmarr(dir: string): Promise<(OracleRow & { readonly hasFunctionCall: boolean })[]> {
  const cases = readJson<HmarrCase[]>(join(dir, 'hmarr_cases.json'))
  const count = await textCounter('cl100k_base')
  return cases.map((c, index) => {
    const messages: OpenAiCountMessage[] = c.messages.map((m) => ({
      role: m.role,
      content: m.content ?? '',
      ...(m.name ? { name: m.name } : {}),
      ...(m.function_call ? { calls: [m.function_call] } : {}),
    }))
    const actual = c.functions
      ? openAiPromptWithTools(messages, c.functions.map(toolOf), c.function_call, 'functions', count)
      : openAiPromptWithoutTools(messages, count)
    return { name: `hmarr #${index + 1}`, expected: c.tokens, actual, hasFunctionCall: c.function_call !== undefined }
  })
}

type PamelafoxCase = { name: string; system_message: { role: 'system'; content: string }; tools: WireTool[]; tool_choice: string | { function: { name: string } }; count: number }

/** pamelafox's 18 Azure gpt-35-turbo cases (`tools` API), through the public countToolTokens. */
export async function replayPamelafox(dir: string): Promise<OracleRow[]> {
  const cases = readJson<PamelafoxCase[]>(join(dir, 'pamelafox_cases.json'))
  const rows: OracleRow[] = []
  for (const c of cases) {
    const { promptTokens } = await countToolTokens({ model: 'openai:gpt-35-turbo', tools: c.tools.map(toolOf), messages: [c.system_message], toolChoice: toolChoiceOf(c.tool_choice), perTool: false })
    rows.push({ name: c.name, expected: c.count, actual: promptTokens })
  }
  return rows
}

/** The four tools of openai/harmony `test_render_functions_with_parameters` (tests/test_harmony.py). */
export const harmonyTestTools: readonly ToolDefinition[] = [
  { name: 'get_location', description: 'Gets the location of the user.', parameters: {} },
  {
    name: 'get_current_weather',
    description: 'Gets the current weather in the provided location.',
    parameters: { type: 'object', properties: { location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' }, format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } }, required: ['location'] },
  },
  {
    name: 'get_multiple_weathers',
    description: 'Gets the current weather in the provided list of locations.',
    parameters: { type: 'object', properties: { locations: { type: 'array', items: { type: 'string' }, description: 'List of city and state, e.g. ["San Francisco, CA", "New York, NY"]' }, format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } }, required: ['locations'] },
  },
  {
    name: 'kitchensink',
    description: 'A function with various complex schemas.',
    parameters: {
      description: 'params object',
      type: 'object',
      properties: {
        string: { type: 'string', title: 'STRING', description: 'A string', examples: ['hello', 'world'] },
        string_nullable: { type: 'string', nullable: true, description: 'A nullable string', default: 'the default' },
        string_enum: { type: 'string', enum: ['a', 'b', 'c'] },
        oneof_string_or_number: { oneOf: [{ type: 'string', default: 'default_string_in_oneof' }, { type: 'number', description: 'numbers can happen too' }], description: 'a oneof', default: 20 },
      },
    },
  },
]

/** harmony's test render: our render, the expected text, and our token count of it (364 derived). */
export async function replayHarmony(dir: string): Promise<{ readonly rendered: string; readonly expected: string; readonly tokens: number }> {
  const expected = readFileSync(join(dir, 'harmony_test_render_functions_with_parameters.txt'), 'utf8').trimEnd()
  const parts = renderHarmonyConversation({
    instructions: 'Always respond in riddles',
    tools: harmonyTestTools,
    messages: [{ role: 'user', content: 'What is the weather like in SF?' }],
    system: { ...defaultHarmonySystem, reasoning: 'high' },
  })
  return { rendered: harmonyText(parts), expected, tokens: countHarmonyParts(parts, await textCounter('o200k_harmony')) }
}

/** Exact matches, matches within ±3 and the diff range of a set of rows. */
export function summarize(set: string, rows: readonly OracleRow[]): OracleSummary {
  const diffs = rows.map((r) => r.actual - r.expected)
  return {
    set,
    rows,
    exact: diffs.filter((d) => d === 0).length,
    within3: diffs.filter((d) => Math.abs(d) <= 3).length,
    minDiff: diffs.reduce((least, d) => Math.min(least, d), Infinity),
    maxDiff: diffs.reduce((most, d) => Math.max(most, d), -Infinity),
  }
}

/** Replays recorded oracles through today's offline counter: measured vs counted tool tokens per record. */
export async function replayRecorded(file: string): Promise<OracleRow[]> {
  const rows: OracleRow[] = []
  for (const [index, record] of readRecords(file).entries()) {
    const count = await countToolTokens({ model: record.model, tools: record.tools, messages: record.messages, ...(record.toolChoice ? { toolChoice: record.toolChoice } : {}), perTool: false })
    rows.push({ name: `${record.model} #${index + 1} (${record.recorded.slice(0, 10)})`, expected: record.measured.toolTokens, actual: count.toolTokens })
  }
  return rows
}
