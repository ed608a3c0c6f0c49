/** A JSON Schema object, as found in tool `parameters`. Kept loose on purpose: users bring any draft-07/2020-12 schema. */
export type JsonSchema = { readonly [key: string]: unknown }

/** One tool the model may call: the single internal shape every input form (OpenAI, bare, Anthropic, MCP) is normalized to. */
export type ToolDefinition = {
  /** The function name the model must emit. */
  readonly name: string
  /** Natural-language description the model chooses by. */
  readonly description?: string
  /** JSON Schema of the arguments object. */
  readonly parameters: JsonSchema
}

/** A tool in OpenAI's Chat Completions form. */
export type OpenAIToolForm = {
  readonly type: 'function'
  readonly function: { readonly name: string; readonly description?: string; readonly parameters?: JsonSchema }
}

/** A tool in Anthropic's Messages form. */
export type AnthropicToolForm = { readonly name: string; readonly description?: string; readonly input_schema: JsonSchema }

/** A tool as an MCP server lists it (`tools/list`): the schema is `inputSchema`; title and annotations are not sent to models. */
export type McpToolForm = {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly inputSchema: JsonSchema
  readonly outputSchema?: JsonSchema
  readonly annotations?: { readonly [key: string]: unknown }
}

/** A tool in any form a suite's tools file accepts: normalized to a ToolDefinition on load (an unknown key is an error). */
export type ToolInput = ToolDefinition | OpenAIToolForm | AnthropicToolForm | McpToolForm

/** What the app asks of the model for the first request of a case. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string }
