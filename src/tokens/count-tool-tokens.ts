import { familyCounter, openModelCounter, type PromptCounter } from './family-counters.ts'
import { modelFamily } from './model-family.ts'
import { defaultMessages, type PerToolTokens, type ToolTokenCount, type ToolTokenFamily, type ToolTokenRequest } from './types.ts'

/**
 * Counts the prompt tokens a request spends on tool definitions, offline, for the model's family (OpenAI chat
 * render, gpt-oss harmony, Anthropic table + estimate, an open model's own template + tokenizer when
 * `openModel` is given, or the documented default for other specs).
 * Encodings load once per process and text counts are memoized, so calling it once per case is cheap.
 */
export async function countToolTokens(request: ToolTokenRequest): Promise<ToolTokenCount> {
  const messages = request.messages ?? defaultMessages
  if (request.openModel) return tally(request, 'open-model', await openModelCounter(request.openModel, messages))
  const family = modelFamily(request.model)
  return tally(request, family.family, await familyCounter(family, messages, { toolChoice: request.toolChoice, reasoning: request.reasoning === true || ('thinking' in family && family.thinking === true) }))
}

/**
 * The difference method and the leave-one-out breakdown over one counter: an offline family's, or the live probes
 * of `measureToolTokens` (asked one request at a time, in this order).
 */
export async function tally(request: ToolTokenRequest, family: ToolTokenFamily, counter: PromptCounter): Promise<ToolTokenCount> {
  const { tools } = request
  const without = await counter.withoutTools()
  const promptTokens = tools.length > 0 ? await counter.withTools(tools) : without
  const toolTokens = promptTokens - without
  const perTool: PerToolTokens[] = []
  if (request.perTool !== false) {
    for (const [index, tool] of tools.entries()) perTool.push({ name: tool.name, tokens: promptTokens - (await counter.withTools(tools.filter((_, other) => other !== index))) })
  }
  const fixedOverhead = tools.length > 0 ? (await counter.withTools([])) - without : 0
  return {
    model: request.model,
    family,
    promptTokens,
    toolTokens,
    perTool,
    fixedOverhead,
    encoding: counter.encoding,
    method: counter.method,
    confidence: counter.confidence(promptTokens, toolTokens),
    rules: counter.rules,
    provenance: counter.provenance,
  }
}
