import type { JsonSchema, ToolDefinition } from '../core/tool.ts'

/**
 * The two API-validated dialects of OpenAI's `namespace functions` rendering.
 * `functions`: the legacy `functions` API (hmarr's renderer, 36/36 exact: property descriptions only at the top level).
 * `tools`: the `tools` API (pamelafox's nesting, 10/18 exact and 0…+3 over: descriptions at every depth, `default`
 * as a trailing comment). Both render number enums unquoted (closer to the API than quoting) and unknown types `any`.
 */
export type OpenAiDialect = 'functions' | 'tools'

/** Renders tool definitions as OpenAI injects them into the prompt (reverse-engineered; see docs/tokens.md). */
export function renderOpenAiToolBlock(tools: readonly ToolDefinition[], dialect: OpenAiDialect): string {
  return `namespace functions {\n\n${tools.map((tool) => renderOpenAiTool(tool, dialect)).join('')}} // namespace functions`
}

/** One tool's piece of the block: `// description`, the `type name = …` declaration and a blank line. */
export function renderOpenAiTool(tool: ToolDefinition, dialect: OpenAiDialect): string {
  const lines: string[] = []
  if (tool.description) lines.push(`// ${tool.description}`)
  const properties = propertiesOf(tool.parameters)
  if (Object.keys(properties).length > 0) {
    // The parameters schema's own description is a comment between `(_: ` and `{`, as harmony renders it (the
    // Responses API bills it: ~13 tokens short without it on recorded gpt-5.x traffic). The legacy API drops it.
    const own = dialect === 'tools' && typeof tool.parameters.description === 'string' && tool.parameters.description !== '' ? `// ${tool.parameters.description}\n` : ''
    lines.push(`type ${tool.name} = (_: ${own}{`, renderProperties(tool.parameters, 0, dialect), '}) => any;')
  } else {
    lines.push(`type ${tool.name} = () => any;`)
  }
  return `${lines.join('\n')}\n\n`
}

function renderProperties(schema: JsonSchema, indent: number, dialect: OpenAiDialect): string {
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : []
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  for (const [name, value] of Object.entries(propertiesOf(schema))) {
    const property = asSchema(value)
    const description = typeof property.description === 'string' ? property.description : ''
    // The legacy API dropped descriptions below the top level (hmarr's 36 API cases pin this); `tools` keeps them.
    if (description && (dialect === 'tools' || indent < 2)) lines.push(`${pad}// ${description}`)
    const optional = required.includes(name) ? '' : '?'
    lines.push(`${pad}${name}${optional}: ${renderType(property, indent, dialect)},${defaultComment(property, dialect)}`)
  }
  return lines.join('\n')
}

function renderType(schema: JsonSchema, indent: number, dialect: OpenAiDialect): string {
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  if (variants) return variants.map((variant) => renderType(asSchema(variant), indent, dialect)).join(' | ')
  const type = schema.type
  if (Array.isArray(type)) return type.map((t) => renderType({ ...schema, type: t }, indent, dialect)).join(' | ')
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined
  switch (type ?? inferType(schema)) {
    case 'string':
      return enumValues ? enumValues.map((v) => `"${String(v)}"`).join(' | ') : 'string'
    case 'number':
    case 'integer':
      if (!enumValues) return 'number'
      return enumValues.map((v) => String(v)).join(' | ')
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'object':
      return ['{', renderProperties(schema, indent + 2, dialect), '}'].join('\n')
    case 'array':
      return schema.items && typeof schema.items === 'object' ? `${renderType(asSchema(schema.items), indent, dialect)}[]` : 'any[]'
    default:
      return 'any'
  }
}

// A third-party API-validated case (159 tokens) sits 1 from rendering `default` harmony-style and 7 from ignoring it.
function defaultComment(schema: JsonSchema, dialect: OpenAiDialect): string {
  if (dialect !== 'tools' || !('default' in schema)) return ''
  const value = schema.default
  const bare = typeof value === 'string' && Array.isArray(schema.enum)
  return ` // default: ${bare ? value : JSON.stringify(value)}`
}

// Schemas in the wild omit `type` when `properties` or `enum` make it obvious; render them as the API would.
function inferType(schema: JsonSchema): string | undefined {
  if (schema.properties) return 'object'
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'string'
  return undefined
}

function propertiesOf(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties
  return properties && typeof properties === 'object' && !Array.isArray(properties) ? (properties as Record<string, unknown>) : {}
}

function asSchema(value: unknown): JsonSchema {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {}
}
