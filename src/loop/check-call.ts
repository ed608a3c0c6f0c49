import type { ToolCall } from '../core/message.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { CallCheck, SchemaIssue } from '../core/transcript.ts'
import { validateAgainst, validateVerbosely } from '../schema/ajv.ts'
import { errorKey, needsFailingSchema } from '../schema/key-errors.ts'

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

/**
 * Strict schema validation of arguments, as a list of issues (empty when valid). An issue about one key (missing,
 * or one the object may not hold: `errorKey`) names it in `property`, with `path` at the object holding it.
 */
export function schemaIssues(tool: ToolDefinition, args: unknown): SchemaIssue[] {
  const errors = validateAgainst(tool.parameters, args)
  // The same errors, each with its failing subschema, only when a `not` needs it: most calls never pay for it.
  const read = errors.some(needsFailingSchema) ? validateVerbosely(tool.parameters, args) : errors
  return read.map((error) => {
    const about = errorKey(error, args)
    return {
      path: about?.path ?? error.instancePath,
      keyword: error.keyword,
      message: `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`,
      ...(about !== undefined ? { property: about.key } : {}),
    }
  })
}
