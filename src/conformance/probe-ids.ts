// The probe ids of `toolgauge conformance`: a contract (CI scripts grep them), in table order.

/** Every probe id, in the order the table lists them. */
export const probeIds = [
  'tool_choice_none',
  'tool_choice_required',
  'tool_choice_named',
  'tool_choice_auto',
  'parallel_disabled',
  'parallel_calls',
  'ids_round_trip',
  'arguments_valid',
  'schema_honoured',
  'unicode_arguments',
  'many_tools',
  'reasoning_round_trip',
  'stream_equivalence',
  'finish_reason',
  'usage',
] as const

/** One probe id. */
export type ProbeId = (typeof probeIds)[number]
