import type { JsonSchema, ToolDefinition } from '../core/tool.ts'

// A port of openai/harmony `json_schema_to_typescript` and `template_tools_section` (src/encoding.rs @ ec7606df,
// Apache-2.0). Its quirks are kept on purpose — integers ignore their enum, `null` renders `any`, `anyOf` is not
// understood — because the model was trained on exactly this text; the byte-exact test render is the arbiter.

/** Renders the developer message's `# Tools` section for function tools, as gpt-oss sees it. */
export function renderHarmonyToolsSection(tools: readonly ToolDefinition[]): string {
  const lines = ['## functions\n', 'namespace functions {\n']
  for (const tool of tools) {
    for (const line of (tool.description ?? '').split(/\r?\n/)) if (tool.description) lines.push(`// ${line}`)
    lines.push(hasSchema(tool.parameters)
      ? `type ${tool.name} = (_: ${schemaToTypeScript(tool.parameters, '')}) => any;\n`
      : `type ${tool.name} = () => any;\n`)
  }
  lines.push('} // namespace functions')
  return `# Tools\n\n${lines.join('\n')}`
}

// harmony renders `() => any` only when a tool has no parameters at all; an empty object schema still renders `{}`.
function hasSchema(schema: JsonSchema): boolean {
  return Object.keys(schema).length > 0
}

/** One JSON Schema as a TypeScript-like type, indenting nested lines with `indent`. */
export function schemaToTypeScript(schema: JsonSchema, indent: string): string {
  const oneOf = schema.oneOf
  if (Array.isArray(oneOf)) {
    return oneOf.map((variant) => {
      const v = asSchema(variant)
      const comments = [typeof v.description === 'string' ? v.description : undefined, defaultText(v)].filter(Boolean)
      const type = withNullable(v, schemaToTypeScript(v, `${indent}   `))
      return `\n${indent} | ${type}${comments.length > 0 ? ` // ${comments.join(' ')}` : ''}`
    }).join('')
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t): t is string => typeof t === 'string').map((t) => (t === 'integer' ? 'number' : t))
    if (types.length > 0) return types.join(' | ')
  }
  switch (typeof schema.type === 'string' ? schema.type : undefined) {
    case 'object':
      return renderObject(schema, indent)
    case 'string': {
      const values = Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === 'string') : []
      return values.length > 0 ? values.map((v) => `"${v}"`).join(' | ') : 'string'
    }
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array':
      return schema.items !== undefined ? `${schemaToTypeScript(asSchema(schema.items), indent)}[]` : 'Array<any>'
    default:
      return 'any'
  }
}

function renderObject(schema: JsonSchema, indent: string): string {
  let out = typeof schema.description === 'string' ? `${indent}// ${schema.description}\n` : ''
  out += '{\n'
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const properties = schema.properties && typeof schema.properties === 'object' ? (schema.properties as Record<string, unknown>) : {}
  for (const [key, value] of Object.entries(properties)) {
    const property = asSchema(value)
    const mark = required.has(key) ? '' : '?'
    if (typeof property.title === 'string') out += `${indent}// ${property.title}\n${indent}//\n`
    const description = typeof property.description === 'string' ? property.description : undefined
    if (!Array.isArray(property.oneOf) && description !== undefined) out += `${indent}// ${description}\n`
    const examples = Array.isArray(property.examples) ? property.examples : []
    if (examples.length > 0) {
      out += `${indent}// Examples:\n`
      for (const example of examples) if (typeof example === 'string') out += `${indent}// - "${example}"\n`
    }
    if (Array.isArray(property.oneOf)) {
      out += renderOneOfProperty(key + mark, property, property.oneOf, description, indent)
      continue
    }
    out += `${indent}${key}${mark}: ${withNullable(property, schemaToTypeScript(property, `${indent}    `))},`
    const fallback = defaultText(property)
    out += fallback ? ` // ${fallback}\n` : '\n'
  }
  return `${out}${indent}}`
}

function renderOneOfProperty(label: string, property: JsonSchema, variants: readonly unknown[], description: string | undefined, indent: string): string {
  const first = asSchema(variants[0])
  // harmony skips the property description when the first variant repeats it
  const above = description !== undefined && first.description !== description
  let out = above ? `${indent}// ${description}\n` : ''
  const fallback = defaultText(property)
  if (fallback) out += `${indent}// ${fallback}\n`
  out += `${indent}${label}:\n`
  variants.forEach((variant, index) => {
    const v = asSchema(variant)
    const comments: string[] = []
    const own = typeof v.description === 'string' ? v.description : undefined
    if (!(index === 0 && above) && own !== undefined && own !== description) comments.push(own)
    const variantDefault = defaultText(v)
    if (variantDefault) comments.push(variantDefault)
    out += `${indent} | ${withNullable(v, schemaToTypeScript(v, `${indent}   `))}`
    out += comments.length > 0 ? ` // ${comments.join(' ')}\n` : '\n'
  })
  return `${out}${indent},\n`
}

// `default: "x"` for a plain string, `default: x` for an enum member, compact JSON otherwise (serde_json Display).
function defaultText(schema: JsonSchema): string | undefined {
  if (!('default' in schema)) return undefined
  const value = schema.default
  if (typeof value === 'string') return Array.isArray(schema.enum) && schema.enum.length > 0 ? `default: ${value}` : `default: "${value}"`
  return `default: ${JSON.stringify(value)}`
}

function withNullable(schema: JsonSchema, type: string): string {
  return schema.nullable === true && !type.includes('null') ? `${type} | null` : type
}

function asSchema(value: unknown): JsonSchema {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {}
}
