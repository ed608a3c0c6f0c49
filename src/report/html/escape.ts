import { escapeControl } from '../terminal-text.ts'
import { escapeMarkup } from '../escape-markup.ts'

// C0 controls but TAB, LF and CR (a transcript's own line breaks), DEL, C1, and the bidi embeddings, overrides,
// isolates and marks: a browser shows a control as nothing and lets an override reorder what follows it. Each is
// written as the terminal writes it (`\x1b`, `\u202e`), so the page shows it was there.
const hidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * Escapes text for HTML element content and double- or single-quoted attribute values. Everything a model wrote
 * (text, tool names, raw arguments, tool results echoed back) goes through here: it is untrusted input. Control and
 * bidi characters are written visibly (`\u202e`), so none hides or reorders text on the page.
 */
export function escapeHtml(text: string): string {
  return escapeMarkup(text.replace(hidden, escapeControl), '&#39;')
}

/** Shortens very long strings (a 2 MB tool result would make the page unusable) and says how much was cut. */
export function clip(text: string, max = 20_000): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text
}
