import type fc from 'fast-check'
import type { ToolDefinition } from '../core/tool.ts'
import type { OptionNames } from '../core/option-names.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { Mutant, WireMutant } from './mutant.ts'
import { runPipeline, runValidator, type Outcome, type Parser, type Validator } from './subject.ts'

/** One fuzz input: parsed arguments (fed to the parser as JSON when there is one) or a raw argument string. */
export type Probe =
  | { readonly form: 'value'; readonly value: unknown; readonly kind?: string; readonly path?: string }
  | { readonly form: 'raw'; readonly raw: string; readonly kind: string }

/** The seven properties, by the names the output uses, in report order (no fast-check needed to list them). */
export const propertyNames = ['acceptance', 'rejection', 'no_silent_drop', 'truncation_safety', 'parser_totality', 'metamorphic', 'idempotence'] as const

/** One property's name. */
export type PropertyName = (typeof propertyNames)[number]

/** The arbitraries shared by every property of one tool (built once per tool). */
export type ToolInputs = {
  readonly valid: fc.Arbitrary<unknown>
  readonly invalid: fc.Arbitrary<Mutant | undefined>
  readonly wire: fc.Arbitrary<WireMutant | undefined>
}

/** Everything a property needs about the tool and the code under test. */
export type FuzzContext = {
  readonly tool: ToolDefinition
  readonly validator: Validator
  readonly parser?: Parser
  readonly allowRepair: boolean
  /** The words a finding gives options in (core/option-names.ts). */
  readonly names: OptionNames
  /** The strict oracle for this tool's parameters. */
  readonly oracle: (value: unknown) => boolean
  readonly inputs: ToolInputs
}

/** A property's verdict on one input; `vacuous` when the input does not apply (it does not count as exercised). */
export type Check =
  | { readonly status: 'pass' }
  | { readonly status: 'vacuous' }
  | { readonly status: 'repaired'; readonly kind: string }
  | { readonly status: 'fail'; readonly message: string }

/** One property: how to draw its inputs for a tool, and how to judge one input. */
export type PropertySpec<T> = {
  readonly name: PropertyName
  /** Runs only when a parser is given. */
  readonly needsParser?: boolean
  arbitrary(context: FuzzContext): fc.Arbitrary<T>
  check(input: T, context: FuzzContext): Promise<Check>
  /** The counterexample as the user sees it. */
  show(input: T): unknown
}

/** Feeds a probe to the code under test: through the parser (as JSON for value probes) when there is one. */
export function feed(context: FuzzContext, probe: Probe): Promise<Outcome> {
  const { parser, validator, tool } = context
  if (probe.form === 'raw') {
    return parser ? runPipeline(parser, validator, tool, probe.raw) : Promise.resolve({ accepted: false, stage: 'parser' } as const)
  }
  if (parser) return runPipeline(parser, validator, tool, JSON.stringify(probe.value) ?? 'null')
  return runValidator(validator, tool, probe.value)
}

/** Value probes from mutants (`undefined` when no mutant survived the oracle). */
export const mutantProbe = (mutant: Mutant | undefined): Probe | undefined =>
  mutant && { form: 'value', value: mutant.value, kind: mutant.kind, path: mutant.path }

/** Raw probes from wire mutants. */
export const wireProbe = (mutant: WireMutant | undefined): Probe | undefined => mutant && { form: 'raw', raw: mutant.raw, kind: mutant.kind }

/** What a probe shows as a counterexample: the arguments, or the raw string. */
export const showProbe = (probe: Probe | undefined): unknown => (probe === undefined ? undefined : probe.form === 'raw' ? probe.raw : probe.value)

/** "numeric-string at /days" — the mutation behind a probe, for messages. */
export function describeProbe(probe: Probe): string {
  if (probe.form === 'raw') return `raw ${probe.kind}`
  if (!probe.kind) return 'valid input'
  return probe.path ? `${probe.kind} at ${probe.path}` : probe.kind
}

/** A short JSON preview for fuzz messages: its first `max` characters, then `…` (core's shorten counts the mark within max). */
export function preview(value: unknown, max = 160): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** True when the arguments carry something (a repair must not turn them into `{}`). */
export function nonEmpty(probe: Probe): boolean {
  if (probe.form === 'raw') return probe.kind !== 'empty-string' && probe.kind !== 'truncated' && !/^\s*(\{\s*\})?\s*$/.test(probe.raw)
  const { value } = probe
  if (isPlainObject(value)) return Object.keys(value).length > 0
  if (typeof value === 'string') return !/^\s*("\s*"|\{\s*\})?\s*$/.test(value)
  return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined
}
