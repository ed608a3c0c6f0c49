/**
 * Serializes like Python's `json.dumps(value, sort_keys=True)`: separators `", "` and `": "`, non-ASCII
 * escaped as \uXXXX. Anthropic's tool prompt and many chat templates show tools in this form.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return asciiString(value)
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pythonFloat(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (Array.isArray(value)) return `[${value.map((item) => pythonJson(item)).join(', ')}]`
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).sort()
    return `{${keys.map((key) => `${asciiString(key)}: ${pythonJson((value as Record<string, unknown>)[key])}`).join(', ')}}`
  }
  return 'null'
}

function asciiString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

// Python prints floats with a fractional part or an exponent (1.0, 1e-07); JS drops the ".0".
function pythonFloat(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN'
  return String(value)
}
