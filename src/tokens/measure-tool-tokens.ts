import type { ToolDefinition } from '../core/tool.ts'
import { liveProbe, type MeasureOptions } from './measure-probes.ts'
import { modelFamily } from './model-family.ts'
import { defaultMessages, type ToolTokenCount, type ToolTokenRequest } from './types.ts'

// The smallest valid tool: with it alone the request pays the tool machinery plus a handful of tokens, which is
// the closest a live API gets to "tools present, but none of yours".
const minimalTool: ToolDefinition = { name: 'noop', parameters: { type: 'object', properties: {} } }

/**
 * Measures tool-definition tokens against the provider's API (needs its key; honours *_BASE_URL): the same request
 * with and without tools, and with each tool left out for the breakdown (n + 3 requests; `perTool: false` → 2).
 * `fixedOverhead` is measured with one minimal tool, so it includes that tool's few tokens.
 */
export async function measureToolTokens(request: ToolTokenRequest, options: MeasureOptions = {}): Promise<ToolTokenCount> {
  const { tools } = request
  const live = liveProbe(request.model, request.messages ?? defaultMessages, request.toolChoice, options)
  const without = await live.probe([])
  const promptTokens = tools.length > 0 ? await live.probe(tools) : without
  const breakdown = request.perTool !== false && tools.length > 0
  const machinery = tools.length > 0 ? await live.probe([minimalTool]) : without
  const perTool = []
  if (breakdown) {
    for (const [index, tool] of tools.entries()) {
      const others = tools.filter((_, other) => other !== index)
      perTool.push({ name: tool.name, tokens: promptTokens - (others.length > 0 ? await live.probe(others) : machinery) })
    }
  }
  return {
    model: request.model,
    family: modelFamily(request.model).family,
    promptTokens,
    toolTokens: promptTokens - without,
    perTool,
    fixedOverhead: tools.length > 0 ? machinery - without : 0,
    encoding: 'api',
    method: 'measured',
    confidence: live.confidence,
    rules: `measured (${modelFamily(request.model).family} family)`,
    provenance: live.provenance,
  }
}
