import type { ToolDefinition } from '../core/tool.ts'
import { tally } from './count-tool-tokens.ts'
import { liveProbe, type MeasureOptions } from './measure-probes.ts'
import { modelFamily } from './model-family.ts'
import { defaultMessages, type ToolTokenCount, type ToolTokenRequest } from './types.ts'

// The smallest valid tool: with it alone the request pays the tool machinery plus a handful of tokens, which is
// the closest a live API gets to "tools present, but none of yours".
const minimalTool: ToolDefinition = { name: 'noop', parameters: { type: 'object', properties: {} } }

/**
 * Measures tool-definition tokens against the provider's API (needs its key; honours *_BASE_URL): the same request
 * with and without tools, and with each tool left out for the breakdown (n + 3 requests; `perTool: false` → 3).
 * `fixedOverhead` is measured with one minimal tool, so it includes that tool's few tokens.
 */
export async function measureToolTokens(request: ToolTokenRequest, options: MeasureOptions = {}): Promise<ToolTokenCount> {
  const live = liveProbe(request.model, request.messages ?? defaultMessages, request.toolChoice, options)
  const { family } = modelFamily(request.model)
  let machinery: Promise<number> | undefined
  return tally(request, family, {
    encoding: 'api',
    method: 'measured',
    rules: `measured (${family} family)`,
    provenance: live.provenance,
    withoutTools: () => live.probe([]),
    // An empty tool list is the machinery alone: measured once, with the minimal tool.
    withTools: (tools) => (tools.length > 0 ? live.probe(tools) : (machinery ??= live.probe([minimalTool]))),
    confidence: () => live.confidence,
  })
}
