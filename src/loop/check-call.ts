import type { ToolCall } from '../core/message.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { CallCheck, SchemaIssue } from '../core/transcript.ts'
import { validateAgainst, validateExactly, validateVerbosely } from '../schema/ajv.ts'
import { errorKey, needsFailingSchema } from '../schema/key-errors.ts'
import { judgedArguments } from './parse-arguments.ts'

/**
 * Checks a parsed call against the tools exposed in the case: is the tool known, are the arguments a JSON
 * object, and which schema rules they break (strict ajv: no coercion, no removal, formats on).
 */
export function checkCall(call: ToolCall, tools: readonly ToolDefinition[]): CallCheck {
  const tool = tools.find((candidate) => candidate.name === call.name)
  const wellFormed = call.parseError === undefined
  if (!tool || !wellFormed) return { knownTool: tool !== undefined, wellFormed, schemaIssues: [] }
  return { knownTool: true, wellFormed, schemaIssues: schemaIssues(tool, call.arguments, judgedArguments(call)) }
}

/**
 * Strict schema validation of arguments, as a list of issues (empty when valid). An issue about one key (missing,
 * or one the object may not hold: `errorKey`) names it in `property`, with `path` at the object holding it.
 * `judged`: the model's arguments with numbers exact, when they are not `args` itself (a number JavaScript rounds):
 * validated by what was written (`1.0000000000000001` is no integer), on the rare calls that hold one.
 */
export function schemaIssues(tool: ToolDefinition, args: unknown, judged: unknown = args): SchemaIssue[] {
  const exact = judged !== args
  let errors = exact ? validateExactly(tool.parameters, judged) : validateAgainst(tool.parameters, args)
  // The same errors, each with its failing subschema, only when a `not` needs it: most calls never pay for it.
  if (errors.some(needsFailingSchema)) errors = exact ? validateExactly(tool.parameters, judged, true) : validateVerbosely(tool.parameters, args)
  return errors.map((error) => {
    const about = errorKey(error, args)
    return {
      path: about?.path ?? error.instancePath,
      keyword: error.keyword,
      message: `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`,
      ...(about !== undefined ? { property: about.key } : {}),
    }
  })
}
