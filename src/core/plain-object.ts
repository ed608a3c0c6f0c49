/** Whether a value is a plain JSON object: an object, not null, not an array (what a parsed `{ … }` is). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
