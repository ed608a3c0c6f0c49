import type { Failure } from '../core/result.ts'
import type { SchemaIssue } from '../core/transcript.ts'
import { shorten, valueInMessage } from '../core/shorten.ts'
import { pointerToPath } from '../schema/json-pointer.ts'
import type { FlatCall } from './flat-calls.ts'
import { undeclaredKeys } from './undeclared-keys.ts'
import { missesAKey, rejectsAKey } from '../schema/key-errors.ts'

/** What is wrong with one call on its own, before any expectation: the per-call failure kinds. */
export type CallValidity = {
  readonly failures: readonly Failure[]
  readonly hallucinatedTool: boolean
  readonly hallucinatedParams: readonly string[]
  /** Malformed arguments or any schema rule broken (incl. missing required and undeclared keys). */
  readonly schemaBroken: boolean
}

/**
 * Judges a call against its tool: `hallucinated_tool` (name not exposed), `malformed_arguments` (not a JSON
 * object), `hallucinated_param` (keys the schema does not define, on the raw arguments), `missing_required`,
 * `schema_violation` (every other schema rule). Undeclared keys and missing required keys are not reported again
 * as schema violations.
 */
export function callValidity(flat: FlatCall): CallValidity {
  const { call, path } = flat
  if (!flat.tool) {
    return {
      failures: [{ kind: 'hallucinated_tool', message: `called ${JSON.stringify(call.name)}, which is not among the tools offered`, path: `${path}.name` }],
      hallucinatedTool: true,
      hallucinatedParams: [],
      schemaBroken: false,
    }
  }
  if (!call.check.wellFormed) {
    return {
      failures: [{ kind: 'malformed_arguments', message: `${call.name}: ${call.parseError ?? 'arguments are not a JSON object'}: ${valueInMessage(shorten(call.rawArguments, 80))}`, path: `${path}.rawArguments` }],
      hallucinatedTool: false,
      hallucinatedParams: [],
      schemaBroken: true,
    }
  }
  const failures: Failure[] = []
  const hallucinatedParams = undeclaredKeys(flat.tool.parameters, call.arguments)
  if (hallucinatedParams.length === 0) for (const key of forbiddenByTheLoop(call.check.schemaIssues)) hallucinatedParams.push(key)
  for (const key of hallucinatedParams) {
    failures.push({ kind: 'hallucinated_param', message: `${call.name}: argument "${key}" is not defined by the tool's schema`, path: `${path}.arguments.${key}` })
  }
  for (const issue of call.check.schemaIssues) {
    if (rejectsAKey(issue)) continue
    if (missesAKey(issue)) {
      failures.push({ kind: 'missing_required', message: `${call.name}: required argument "${issue.property}" is missing${issue.keyword === 'required' ? '' : ` (${issue.message})`}`, path: `${path}.arguments${pointerSuffix(issue.path)}.${issue.property}` })
    } else {
      failures.push({ kind: 'schema_violation', message: `${call.name}: ${issue.message}`, path: `${path}.arguments${pointerSuffix(issue.path)}` })
    }
  }
  return { failures, hallucinatedTool: false, hallucinatedParams, schemaBroken: call.check.schemaIssues.length > 0 || hallucinatedParams.length > 0 }
}

/**
 * Keys the loop's validator rejected (`rejectsAKey`: `additionalProperties: false`, `propertyNames`, …) where the schema walk found none — a rule
 * it cannot decide without running it (which `if` arm or `dependentSchemas` entry applies: the walk takes the
 * reading the arguments fit best) — when nothing else is wrong with the call: a call the loop
 * refused is never scored as clean. (With other issues, e.g. no `anyOf` branch fitting, those already fail it.)
 */
function forbiddenByTheLoop(issues: readonly SchemaIssue[]): string[] {
  if (!issues.every(rejectsAKey)) return []
  return [...new Set(issues.map((issue) => `${pointerSuffix(issue.path)}.${issue.property ?? ''}`.replace(/^\./, '')))]
}

// ajv's instancePath is a JSON Pointer: its `~1`/`~0` are unescaped so the path names the real keys (`docs/a.md`, `~tmp`).
function pointerSuffix(pointer: string): string {
  return pointerToPath(pointer).map((step) => typeof step === 'number' ? `[${step}]` : `.${step}`).join('')
}

/** The per-case call counts the summary aggregates, from each call's validity (single requests and conversations alike). */
export function validityCounts(validity: readonly CallValidity[]): { readonly calls: number; readonly knownToolCalls: number; readonly hallucinatedToolCalls: number; readonly hallucinatedParamCalls: number; readonly schemaViolationCalls: number } {
  const hallucinatedToolCalls = validity.filter((entry) => entry.hallucinatedTool).length
  return {
    calls: validity.length,
    knownToolCalls: validity.length - hallucinatedToolCalls,
    hallucinatedToolCalls,
    hallucinatedParamCalls: validity.filter((entry) => entry.hallucinatedParams.length > 0).length,
    schemaViolationCalls: validity.filter((entry) => entry.schemaBroken).length,
  }
}
