import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/**
 * What the model sees of a tool's output, as an MCP host shows it: the text of the `content` blocks (one per
 * line; images, audio and resources as a short placeholder), or `structuredContent` when there is no text.
 * `isError` is not handled here: the stub turns it into a failed tool result.
 */
export function toolOutput(result: CallToolResult): unknown {
  const parts = (result.content ?? []).map(describeBlock)
  if (parts.length === 0 || (result.structuredContent !== undefined && parts.every((part) => part === ''))) {
    return result.structuredContent ?? ''
  }
  return parts.join('\n')
}

function describeBlock(block: CallToolResult['content'][number]): string {
  switch (block.type) {
    case 'text':
      return block.text
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, ${block.data.length} base64 characters]`
    case 'resource_link':
      return `[resource: ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ''}]`
    case 'resource':
      return 'text' in block.resource && typeof block.resource.text === 'string'
        ? block.resource.text
        : `[resource: ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ''}]`
    default:
      return `[${(block as { type: string }).type}]`
  }
}

/** The text of an error result, for the failed tool result the model gets. */
export function errorText(result: CallToolResult): string {
  const text = toolOutput(result)
  return typeof text === 'string' && text !== '' ? text : JSON.stringify(text) || 'the tool reported an error'
}
