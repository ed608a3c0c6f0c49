import type { ToolCall } from '../core/message.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { CallCheck, SchemaIssue } from '../core/transcript.ts'
import type { ErrorObject } from 'ajv'
import { validateAgainst } from '../schema/ajv.ts'

/**
 * Checks a parsed call against the tools exposed in the case: is the tool known, are the arguments a JSON
 * object, and which schema rules they break (strict ajv: no coercion, no removal, formats on).
 */
export function checkCall(call: ToolCall, tools: readonly ToolDefinition[]): CallCheck {
  const tool = tools.find((candidate) => candidate.name === call.name)
  const wellFormed = call.parseError === undefined
  if (!tool || !wellFormed) return { knownTool: tool !== undefined, wellFormed, schemaIssues: [] }
  return { knownTool: true, wellFormed, schemaIssues: schemaIssues(tool, call.arguments) }
}

/** Strict schema validation of arguments, as a list of issues (empty when valid). */
export function schemaIssues(tool: ToolDefinition, args: unknown): SchemaIssue[] {
  return validateAgainst(tool.parameters, args).map((error) => {
    const property = issueProperty(error)
    return {
      path: error.instancePath,
      keyword: error.keyword,
      message: `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`,
      ...(property !== undefined ? { property } : {}),
    }
  })
}

// The key an error is about, where ajv names one: a missing required key, or a key a closed object rejects
// (`additionalProperties: false`, or 2020-12's `unevaluatedProperties: false`, which ajv reports only for `false`).
function issueProperty(error: ErrorObject): string | undefined {
  if (error.keyword === 'required') return String(error.params.missingProperty)
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty)
  if (error.keyword === 'unevaluatedProperties') return String(error.params.unevaluatedProperty)
  return undefined
}
