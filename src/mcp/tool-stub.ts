import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { StubSpec } from '../core/case.ts'
import { HarnessError } from '../loop/harness-error.ts'
import { undeclaredKeys } from '../scoring/undeclared-keys.ts'
import type { ExposedMcpTool } from './exposed-tools.ts'
import { McpServerError } from './server-error.ts'
import type { McpServerSpec } from './server-spec.ts'
import type { McpSession } from './session.ts'
import { errorText, toolOutput } from './tool-result.ts'

/** Safe by default: a call runs on the server only for tools annotated `readOnlyHint: true` or allowed by the entry. */
export function runsLive(tool: ExposedMcpTool, spec: McpServerSpec): boolean {
  if (tool.annotations?.readOnlyHint === true || spec.allow === 'all') return true
  return spec.allow.includes(tool.serverTool) || spec.allow.includes(tool.definition.name)
}

/** The documented result of a call that was not run on the server (a success, so the model is not misled). */
function notExecutedResult(tool: ExposedMcpTool): { status: string; reason: string } {
  return {
    status: 'not_executed',
    reason: `toolgauge did not run "${tool.serverTool}" on the MCP server: it is not annotated readOnlyHint: true `
      + `and the server entry does not allow it (allow: [${tool.serverTool}] or allow: all)`,
  }
}

/**
 * How a call to a server's tool is answered when the suite gives no stub for it: live on the server when
 * allowed — arguments the tool does not declare are refused before they reach it, an `isError` result is a
 * failed tool result, a server that failed (exited, hung, broke the protocol) a HarnessError that ends the case
 * as errored — or else with the documented "not executed" result (source `not_executed`).
 */
export function mcpToolStub(tool: ExposedMcpTool, spec: McpServerSpec, session: () => Promise<McpSession>): StubSpec {
  if (!runsLive(tool, spec)) return { type: 'not_executed', result: notExecutedResult(tool) }
  return {
    type: 'function',
    label: `mcp: ${spec.label} → ${tool.serverTool}`,
    // A careful host never forwards keys the tool does not declare (MCP servers rarely forbid extra keys).
    refuse(args) {
      const undeclared = undeclaredKeys(tool.definition.parameters, args)
      return undeclared.length === 0 ? undefined : `not sent to the server: argument${undeclared.length > 1 ? 's' : ''} ${undeclared.join(', ')} not declared by the tool's inputSchema`
    },
    async run(args) {
      let result: CallToolResult
      try {
        result = await (await session()).callTool(tool.serverTool, args as Record<string, unknown>)
      } catch (error) {
        // The server failed, not the model: the case is errored (harness_error), never scored on a dead server.
        if (McpServerError.isInstance(error)) throw new HarnessError(error.message)
        throw error
      }
      if (result.isError === true) throw new Error(errorText(result))
      return toolOutput(result)
    },
  }
}
