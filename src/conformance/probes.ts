import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { atMostOneCallPerTurn, exactArgument, hostCallIds, toolCallFinishReasons, uniqueCallIds, usageReported } from './checks.ts'
import { streamEquivalence } from './stream-equivalence.ts'
import type { ProbeId } from './probe-ids.ts'

// The built-in probes of `toolgauge conformance`: each one is a case of an ordinary suite (written out by
// probe-suite.ts and run by the runner), scored by the usual scorer, plus — where the scorer has no rule for what
// the probe asks — a pure check over the transcript (checks.ts). Prompts are plain so that any capable model answers
// them the same way: a probe judges the host's wire, not the model's wit.

/**
 * The probe set's version: the identity of the probes' checks in every result's fingerprint (`--resume` keeps no
 * result other rules judged). Change it whenever a probe's check, or the set of probes, changes.
 */
export const probeSetVersion = 'conformance-probes/1'

/** A probe's own rule beyond the scorer's: failures found in the case's transcript (kind `custom_check`). */
export type ProbeCheck = (transcript: Transcript) => readonly Failure[]

/** A case as a suite file writes it (snake_case keys), its tools named from the probe suite's tools. */
export type ProbeCase = { readonly [key: string]: unknown }

/** One probe: its id, whether its failure fails the command, what passing means, its case and its own check. */
export type Probe = {
  readonly id: ProbeId
  /**
   * Its failure makes `conformance` exit 1: the wire contract every tool-calling app relies on (docs/conformance.md
   * says why each of the others is informative only).
   */
  readonly required?: true
  /** "Passes when …", as docs/conformance.md and the table's legend say it. */
  readonly rule: string
  readonly case: ProbeCase
  readonly check?: ProbeCheck
  /** Only in runs that make each request both streamed and not (`--stream both`). */
  readonly needsBothModes?: boolean
}

const cityParameters = { type: 'object', properties: { city: { type: 'string', description: 'City name, e.g. Paris' } }, required: ['city'], additionalProperties: false }

/** The text `unicode_arguments` asks the model to copy: accents, CJK, emoji (astral plane), typographic quotes, a backslash, Greek and Cyrillic, long. */
export const unicodeNote = 'Grüße aus Zürich — 東京タワーの夜景 🌍🚀 “double” ‘single’ back\\slash Ωμέγα ñandú naïve café '
  + 'Съешь же ещё этих мягких французских булок, да выпей чаю; 我能吞下玻璃而不伤身体; 🧪 résumé façade coöperate 42° ±0.5 € £ ¥ ₹ — end.'

/** How many tools `many_tools` offers. */
const manyToolsCount = 128

const manyToolTopics = ['invoice', 'shipment', 'customer', 'warehouse', 'ticket', 'contract', 'payroll', 'calendar']
const manyToolActions = ['get', 'list', 'create', 'update', 'delete', 'archive', 'export', 'audit', 'merge', 'count', 'search', 'restore', 'lock', 'unlock', 'tag', 'share']

/** The 127 decoy tools of `many_tools` (topic × action) beside `get_exchange_rate`. */
function manyTools(): object[] {
  const decoys: object[] = manyToolTopics.flatMap((topic) => manyToolActions.map((action) => ({
    name: `${topic}_${action}`,
    description: `${action[0]!.toUpperCase()}${action.slice(1)} a ${topic} record by its id.`,
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
  }))).slice(0, manyToolsCount - 1)
  const rate = {
    name: 'get_exchange_rate',
    description: 'Current exchange rate between two currencies (ISO 4217 codes).',
    parameters: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'], additionalProperties: false },
  }
  // The right tool in the middle: neither first nor last, where some hosts truncate a long list.
  decoys.splice(64, 0, rate)
  return decoys
}

/** The probe suite's tools (every case names the ones it exposes). */
export function probeTools(): object[] {
  return [
    { name: 'get_weather', description: 'Current weather for a city.', parameters: cityParameters },
    // The city is optional: a call forced by tool_choice on a prompt that names none is still a valid call.
    { name: 'get_time', description: 'Current local time, in a city (default: the server\'s).', parameters: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false } },
    {
      name: 'create_ticket',
      description: 'Open a support ticket.',
      parameters: {
        type: 'object',
        properties: { title: { type: 'string' }, priority: { type: 'integer', minimum: 1, maximum: 5 }, urgent: { type: 'boolean' } },
        required: ['title', 'priority', 'urgent'],
        additionalProperties: false,
      },
    },
    {
      name: 'book_flight',
      description: 'Book a flight for one or more passengers.',
      parameters: {
        type: 'object',
        properties: {
          route: {
            type: 'object',
            properties: { from: { type: 'string', description: 'IATA airport code' }, to: { type: 'string', description: 'IATA airport code' } },
            required: ['from', 'to'],
            additionalProperties: false,
          },
          cabin: { type: 'string', enum: ['economy', 'premium', 'business'] },
          passengers: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, seat: { type: 'string', enum: ['window', 'aisle'] } },
              required: ['name', 'seat'],
              additionalProperties: false,
            },
          },
        },
        required: ['route', 'cabin', 'passengers'],
        additionalProperties: false,
      },
    },
    { name: 'save_note', description: 'Save a note; the text is stored exactly as given.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false } },
    ...manyTools(),
  ]
}

/** The probe suite's stubs: results the follow-up turns answer from. */
export const probeStubs = {
  get_weather: [
    { when: { city: { regex: '^oslo$', flags: 'i' } }, result: { city: 'Oslo', temperature_c: 7, sky: 'rain' } },
    { result: { temperature_c: 18, sky: 'clear' } },
  ],
}

const weatherCall = (city: string) => ({ name: 'get_weather', args: { city: { regex: `^${city}$`, flags: 'i' } } })

/** Every probe, in table order. */
export const probes: readonly Probe[] = [
  {
    id: 'tool_choice_none',
    rule: 'with tool_choice none, the answer calls no tool',
    case: { prompt: 'What is the weather in Paris right now?', tools: ['get_weather'], tool_choice: 'none', max_turns: 1, expect: { no_call: true } },
  },
  {
    id: 'tool_choice_required',
    rule: 'with tool_choice required, the answer calls a tool even when the prompt needs none',
    case: { prompt: 'Say hello to me.', tools: ['get_time'], tool_choice: 'required', max_turns: 1, expect: { calls: [{ name: 'get_time' }] } },
  },
  {
    id: 'tool_choice_named',
    rule: 'with tool_choice naming a tool, the answer calls that tool and no other',
    case: { prompt: 'What is the weather in Paris right now?', tools: ['get_weather', 'get_time'], tool_choice: { name: 'get_time' }, max_turns: 1, expect: { calls: [{ name: 'get_time' }] } },
  },
  {
    id: 'tool_choice_auto',
    required: true,
    rule: 'with tool_choice auto, a prompt that needs a tool gets a call of the right tool',
    case: { prompt: 'What is the weather in Paris right now?', tools: ['get_weather', 'get_time'], tool_choice: 'auto', max_turns: 1, expect: { calls: [weatherCall('Paris')] } },
  },
  {
    id: 'parallel_disabled',
    rule: 'with parallel_tool_calls false, at most one call per turn',
    case: {
      prompt: 'What is the weather in Paris and in London right now?',
      tools: ['get_weather'],
      parallel_tool_calls: false,
      max_turns: 3,
      expect: { calls: [weatherCall('Paris'), weatherCall('London')] },
    },
    check: atMostOneCallPerTurn,
  },
  {
    id: 'parallel_calls',
    rule: 'two independent requests in one prompt come back as two calls in one turn, with unique ids',
    case: { prompt: 'What is the weather in Paris and in London right now?', tools: ['get_weather'], max_turns: 1, expect: { calls: [weatherCall('Paris'), weatherCall('London')], parallel: true } },
    check: uniqueCallIds,
  },
  {
    id: 'ids_round_trip',
    required: true,
    rule: 'calls come with the host\'s ids, and the tool results sent back under them are accepted and answered',
    case: { prompt: 'What is the weather in Oslo right now?', tools: ['get_weather'], max_turns: 2, expect: { calls: [weatherCall('Oslo')], final: { contains: ['7'] } } },
    check: hostCallIds,
  },
  {
    id: 'arguments_valid',
    required: true,
    rule: 'arguments are valid JSON matching the schema (string, integer, boolean)',
    case: {
      prompt: 'Open a support ticket titled "Printer jammed" with priority 2, marked urgent.',
      tools: ['create_ticket'],
      max_turns: 1,
      expect: { calls: [{ name: 'create_ticket', args: { title: { regex: 'printer jammed', flags: 'i' }, priority: 2, urgent: true } }] },
    },
  },
  {
    id: 'schema_honoured',
    required: true,
    rule: 'required keys, enums, nested objects and arrays of objects are honoured',
    case: {
      prompt: 'Book a business class flight from OSL to CDG for Ada (window seat) and Linus (aisle seat).',
      tools: ['book_flight'],
      max_turns: 1,
      expect: {
        calls: [{
          name: 'book_flight',
          args: {
            route: { from: 'OSL', to: 'CDG' },
            cabin: 'business',
            // A list is a set of acceptable values in the matcher language: the exact array is a literal.
            passengers: { literal: [{ name: 'Ada', seat: 'window' }, { name: 'Linus', seat: 'aisle' }] },
          },
        }],
      },
    },
  },
  {
    id: 'unicode_arguments',
    required: true,
    rule: 'a long text with accents, CJK, emoji and quotes arrives in the arguments byte for byte',
    case: {
      prompt: `Save a note whose text is exactly the text between the guillemets, character for character: «${unicodeNote}»`,
      tools: ['save_note'],
      max_turns: 1,
      expect: { calls: [{ name: 'save_note' }] },
    },
    check: exactArgument('save_note', 'text', unicodeNote),
  },
  {
    id: 'many_tools',
    rule: `a request with ${manyToolsCount} tools is accepted and the right tool is chosen`,
    case: {
      prompt: 'What is the exchange rate from EUR to JPY right now?',
      tools: manyTools().map((tool) => (tool as { name: string }).name),
      max_turns: 1,
      expect: { calls: [{ name: 'get_exchange_rate', args: { from: 'EUR', to: 'JPY' } }] },
    },
  },
  {
    id: 'reasoning_round_trip',
    rule: 'with reasoning on, the follow-up carrying the reasoning state back is accepted and answered (n/a, passed, when the model returns no reasoning state)',
    case: {
      prompt: 'Think it through before you answer: check the weather in Oslo, then tell me whether I need an umbrella.',
      tools: ['get_weather'],
      max_turns: 2,
      expect: { calls: [weatherCall('Oslo')], final: { regex: '\\S' } },
    },
  },
  {
    id: 'stream_equivalence',
    required: true,
    rule: 'the streamed answer assembles to the same calls, text and finish reason as the same request not streamed, each call streamed on an index of its own',
    // Three calls interleaved in one stream: where hosts' stream assembly merges or bunches them.
    case: { prompt: 'What is the weather in Paris, London and Tokyo right now?', tools: ['get_weather'], max_turns: 1, expect: { calls: [weatherCall('Paris'), weatherCall('London'), weatherCall('Tokyo')] } },
    check: streamEquivalence,
    needsBothModes: true,
  },
  {
    id: 'finish_reason',
    required: true,
    rule: 'a turn that calls tools says so in its finish reason (tool_calls, tool_use; Responses and Gemini have none)',
    case: { prompt: 'What is the weather in Paris right now?', tools: ['get_weather'], max_turns: 1, expect: { calls: [weatherCall('Paris')] } },
    check: toolCallFinishReasons,
  },
  {
    id: 'usage',
    rule: 'every turn reports its input and output tokens, streamed turns included',
    case: { prompt: 'What is the weather in Oslo right now?', tools: ['get_weather'], max_turns: 2, expect: { calls: [weatherCall('Oslo')], final: { regex: '\\S' } } },
    check: usageReported,
  },
]

/** The probe of an id. */
export function probeOf(id: ProbeId): Probe {
  return probes.find((probe) => probe.id === id)!
}
