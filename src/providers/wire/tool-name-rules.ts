import type { RequestProblem, RequestShape } from '../../core/provider.ts'
import { mcpOriginOf } from '../../mcp/tool-origins.ts'

/**
 * The tool names an API takes, as its reference states them: a suite tool named otherwise (`math.factorial`,
 * `search web`) has every request refused with a 400, which made each case of it errored — a run spent on nothing.
 * Found before the first request instead (`Provider.checkRequest`), naming the tool and a name the API takes.
 */
export type ToolNameRule = {
  readonly api: string
  readonly pattern: RegExp
  /** The pattern in words, for the message. */
  readonly stated: string
  /** The characters the API refuses, replaced by `_` in the suggested name. */
  readonly refused: RegExp
  readonly maxLength: number
}

/** Chat Completions and Responses on api.openai.com: `^[a-zA-Z0-9_-]+$`, at most 64 characters. */
export const openAiToolNames: ToolNameRule = { api: 'OpenAI', pattern: /^[a-zA-Z0-9_-]{1,64}$/, stated: 'letters, digits, _ and -, at most 64', refused: /[^a-zA-Z0-9_-]/g, maxLength: 64 }

/** The Messages API: `^[a-zA-Z0-9_-]{1,128}$` (define-tools, "Must match the regex"). */
export const anthropicToolNames: ToolNameRule = { api: 'Anthropic', pattern: /^[a-zA-Z0-9_-]{1,128}$/, stated: 'letters, digits, _ and -, at most 128', refused: /[^a-zA-Z0-9_-]/g, maxLength: 128 }

/** Gemini's function declarations: a letter or `_` first, then letters, digits, `_ . : -`, at most 64. */
export const geminiToolNames: ToolNameRule = { api: 'Gemini', pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/, stated: 'a letter or _ first, then letters, digits, _ . : and -, at most 64', refused: /[^a-zA-Z0-9_.:-]/g, maxLength: 64 }

/**
 * The first of a request's tools the API would refuse by its name, as a problem of its `tools[i].name`. A suite's
 * own tool is the user's to rename; an MCP server's is not (the server names it): the message names the server and
 * what the user can do instead — offer the case only the tools the API takes (its `tools:` list), or another API.
 */
export function toolNameProblem(request: RequestShape, rule: ToolNameRule): RequestProblem | undefined {
  for (let index = 0; index < request.tools.length; index++) {
    const tool = request.tools[index]!
    if (rule.pattern.test(tool.name)) continue
    const refused = `which ${rule.api} refuses in every request (tool names: ${rule.stated})`
    const server = mcpOriginOf(tool)
    if (server) {
      const taken = request.tools.filter((other) => rule.pattern.test(other.name)).map((other) => other.name)
      // The names the API takes (the first six): a server may name many of its tools with dots, and the list fixes them all.
      const example = taken.length > 0 ? ` (e.g. tools: [${taken.slice(0, 6).join(', ')}${taken.length > 6 ? ', …' : ''}])` : ''
      return {
        field: `tools[${index}].name`,
        message: `has a tool named ${JSON.stringify(tool.name)} of the MCP server "${server.label}", ${refused}; the server names its tools, so it `
          + `cannot be renamed here: leave it out of the case's tools: list${example}, or use a model whose API takes the name (openai-compatible: servers are not checked)`,
      }
    }
    let fitted = tool.name.replace(rule.refused, '_').slice(0, rule.maxLength)
    if (!rule.pattern.test(fitted)) fitted = `_${fitted}`.slice(0, rule.maxLength)
    return { field: `tools[${index}].name`, message: `has a tool named ${JSON.stringify(tool.name)}, ${refused}; rename it, e.g. ${JSON.stringify(fitted)}` }
  }
  return undefined
}
