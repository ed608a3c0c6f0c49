import type { ToolDefinition } from '../core/tool.ts'
import { cloneJson } from './json.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { describeThrown, thrownMessage } from '../core/thrown.ts'

/** What a validator returns: a verdict, optionally with the value it would pass on to the tool (after repair). */
export type Verdict = boolean | { readonly valid: boolean; readonly value?: unknown }

/** The user's argument validator under test (sync or async). */
export type Validator = (args: unknown, tool: ToolDefinition) => Verdict | Promise<Verdict>

/** What an argument parser returns for a raw argument string. */
export type ParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error?: string }

/**
 * The user's argument parser under test: raw string in, `ParseResult` out. A parser may instead return the parsed
 * value itself (and throw on bad input, which `parser_totality` reports).
 */
export type Parser = (raw: string, tool: ToolDefinition) => ParseResult | unknown | Promise<ParseResult | unknown>

/** The outcome of feeding one input through the parser (if any) and the validator. */
export type Outcome =
  | { readonly accepted: true; readonly passedOn: unknown }
  | { readonly accepted: false; readonly stage: 'parser' | 'validator'; readonly threw?: string }

/**
 * Runs the validator on a private copy of `args` (lenient validators mutate their input: ajv's `coerceTypes`,
 * `removeAdditional`, `useDefaults`). A boolean verdict passes on that copy as it is after validation; a thrown
 * error counts as a rejection, with the error kept.
 */
export async function runValidator(validator: Validator, tool: ToolDefinition, args: unknown): Promise<Outcome> {
  const copy = cloneJson(args)
  try {
    const verdict: unknown = await validator(copy, tool)
    if (typeof verdict === 'boolean') return verdict ? { accepted: true, passedOn: copy } : { accepted: false, stage: 'validator' }
    if (isPlainObject(verdict) && typeof verdict.valid === 'boolean') {
      if (!verdict.valid) return { accepted: false, stage: 'validator' }
      return { accepted: true, passedOn: 'value' in verdict ? verdict.value : copy }
    }
    return { accepted: false, stage: 'validator', threw: `validator returned ${describeThrown(verdict)}, expected a boolean or { valid, value? }` }
  } catch (error) {
    return { accepted: false, stage: 'validator', threw: thrownMessage(error) }
  }
}

/** Runs the parser on a raw string; a thrown error is reported (parsers must be total), not propagated. */
export async function runParser(parser: Parser, tool: ToolDefinition, raw: string): Promise<ParseResult & { readonly threw?: string }> {
  try {
    const result: unknown = await parser(raw, tool)
    if (isPlainObject(result) && typeof result.ok === 'boolean') {
      return result.ok ? { ok: true, value: result.value } : { ok: false, ...(typeof result.error === 'string' ? { error: result.error } : {}) }
    }
    return result === undefined ? { ok: false } : { ok: true, value: result }
  } catch (error) {
    return { ok: false, error: thrownMessage(error), threw: thrownMessage(error) }
  }
}

/** Raw string → parser → validator, as an application runs a model's call. */
export async function runPipeline(parser: Parser, validator: Validator, tool: ToolDefinition, raw: string): Promise<Outcome> {
  const parsed = await runParser(parser, tool, raw)
  if (!parsed.ok) return { accepted: false, stage: 'parser', ...(parsed.threw !== undefined ? { threw: parsed.threw } : {}) }
  return runValidator(validator, tool, parsed.value)
}
