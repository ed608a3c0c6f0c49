/**
 * Escapes text for HTML element content and double- or single-quoted attribute values. Everything a model wrote
 * (text, tool names, raw arguments, tool results echoed back) goes through here: it is untrusted input.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Shortens very long strings (a 2 MB tool result would make the page unusable) and says how much was cut. */
export function clip(text: string, max = 20_000): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text
}
