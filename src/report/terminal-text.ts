/**
 * Text for a terminal or a CI log, from what others wrote: a model, a tool, an MCP server, a file. Printed as it
 * came, a value could move the cursor, clear lines, retitle the window or hide a link (ESC and CSI sequences,
 * OSC 8), overwrite a line (CR, BS) or reorder what is read (bidi overrides, "Trojan source"). Every seam that
 * prints such values passes them through here, so nothing printed is more than text.
 */

// C0 controls (ESC, BEL, CR, BS, ... and LF, TAB), DEL, C1 controls (CSI 0x9b, OSC 0x9d, ...), the bidi
// embeddings, overrides and isolates with the Arabic letter mark, and the Unicode line and paragraph separators.
const controls = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g
// The same without LF and TAB, for text whose lines are its format.
const controlsButLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g
// What JSON.stringify leaves raw (it escapes only C0): DEL, C1 and the bidi controls.
const rawInJson = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const named: { readonly [char: string]: string } = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** A control character written visibly, as the terminal and the HTML report show it: `\n`, `\x1b`, `\u202e`. */
export function escapeControl(char: string): string {
  const short = named[char]
  if (short !== undefined) return short
  const code = char.charCodeAt(0)
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** A value printed inside a line: every control character escaped (`\x1b`, `\n`, `\u202e`), newlines too. */
export function inert(text: string): string {
  return text.replace(controls, escapeControl)
}

/**
 * A multi-line value (a `state_mismatch` diff, a stderr tail) inside a one-line listing: its lines trimmed and
 * joined with ` / `, so it reads on one line, then made `inert` like any value.
 */
export function inertOneLine(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '')
  return inert(lines.join(' / '))
}

/** Text whose lines are its format (an error message, a server's stderr tail): as `inert`, keeping LF and TAB. */
export function inertLines(text: string): string {
  return text.replace(controlsButLines, escapeControl)
}

/**
 * An error message: one line but for its indented continuation lines (a server's stderr tail, indented by
 * `StderrTail`); any other newline is a quoted value's and is escaped, so no message forges a line of its own.
 */
export function inertMessage(text: string): string {
  return inertLines(text).replace(/\n(?! {2})/g, '\\n')
}

/**
 * A copy of plain data (parsed JSON: a report's results, a comparison, a tool list) with every string, keys
 * included, made `inert`: a formatter given the copy prints its own layout and colors around inert values.
 */
export function inertDeep<T>(value: T): T {
  if (typeof value === 'string') return inert(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => inertDeep(item)) as T
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [inert(key), inertDeep(entry)])) as T
}

/** JSON text made inert: the characters JSON.stringify leaves raw written as `\uXXXX` (the same JSON value). */
export function inertJson(json: string): string {
  return json.replace(rawInJson, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
