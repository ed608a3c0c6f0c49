/** A JSON Schema object, as found in tool `parameters`. Kept loose on purpose: users bring any draft-07/2020-12 schema. */
export type JsonSchema = { readonly [key: string]: unknown }

/** One tool the model may call: the single internal shape every input form (OpenAI, bare, Anthropic) is normalized to. */
export type ToolDefinition = {
  /** The function name the model must emit. */
  readonly name: string
  /** Natural-language description the model chooses by. */
  readonly description?: string
  /** JSON Schema of the arguments object. */
  readonly parameters: JsonSchema
}

/** What the app asks of the model for the first request of a case. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string }
